/**
 * Marks the error a native CSV cell raises for a value the engine cannot print exactly as the JS
 * path does: the export is then written again by the JS path. Shared by the cell compilers of
 * @quarry/warehouses (raw cells) and @quarry/formatting (formatted cells), and the export worker
 * that recognises the error.
 */
export const NATIVE_CSV_FALLBACK = 'quarry-native-csv-needs-js-path';
