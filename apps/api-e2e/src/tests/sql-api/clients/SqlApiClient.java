import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Properties;

/** pgjdbc against the SQL API: DatabaseMetaData, a PreparedStatement run twice, and a fetch size (portal row limits). */
public class SqlApiClient {
  public static void main(String[] args) throws Exception {
    Properties properties = new Properties();
    properties.setProperty("user", "quarry");
    properties.setProperty("password", args[2]);
    properties.setProperty("sslmode", "disable");
    try (Connection connection = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + args[0] + "/" + args[1], properties)) {
      DatabaseMetaData metadata = connection.getMetaData();
      try (ResultSet tables = metadata.getTables(null, "public", "%", new String[] {"TABLE"})) {
        while (tables.next()) System.out.println("table|" + tables.getString("TABLE_NAME"));
      }
      try (ResultSet columns = metadata.getColumns(null, "public", "orders", "%")) {
        while (columns.next()) System.out.println("column|" + columns.getString("COLUMN_NAME") + "|" + columns.getString("TYPE_NAME"));
      }
      String sql = "SELECT orders_status, orders_unique_order_count, orders_total_order_amount FROM orders WHERE orders_status = ? GROUP BY orders_status";
      try (PreparedStatement statement = connection.prepareStatement(sql)) {
        for (String status : new String[] {"completed", "returned"}) {
          statement.setString(1, status);
          try (ResultSet rows = statement.executeQuery()) {
            while (rows.next()) System.out.println("row|" + rows.getString(1) + "|" + rows.getLong(2) + "|" + rows.getDouble(3));
          }
        }
      }
      connection.setAutoCommit(false);
      try (PreparedStatement statement = connection.prepareStatement("SELECT orders_status, orders_unique_order_count FROM orders GROUP BY 1 ORDER BY orders_status")) {
        statement.setFetchSize(2);
        int fetched = 0;
        try (ResultSet rows = statement.executeQuery()) {
          while (rows.next()) fetched++;
        }
        System.out.println("fetched|" + fetched);
      }
      connection.commit();
    }
  }
}
