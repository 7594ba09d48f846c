"""psycopg2 against the SQL API: connect, list explores and fields, run a parameterised query (JSON on stdout)."""
import json
import sys

import psycopg2

port, database, token, status = sys.argv[1:5]
connection = psycopg2.connect(host="127.0.0.1", port=int(port), user="quarry", password=token, dbname=database, sslmode="disable")
try:
    cursor = connection.cursor()
    cursor.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = %s ORDER BY 1", ("public",))
    tables = [row[0] for row in cursor.fetchall()]
    cursor.execute("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = %s ORDER BY ordinal_position", ("orders",))
    columns = [list(row) for row in cursor.fetchall()]
    cursor.execute(
        "SELECT orders_status, orders_unique_order_count, orders_total_order_amount FROM orders WHERE orders_status = %s GROUP BY orders_status",
        (status,),
    )
    rows = [[row[0], int(row[1]), float(row[2])] for row in cursor.fetchall()]
    connection.rollback()
    print(json.dumps({"tables": tables, "columns": columns, "rows": rows, "server_version": connection.server_version}))
finally:
    connection.close()
