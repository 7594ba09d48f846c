export type { FakeFailureOptions, FakeSheets, FakeSheetsOptions, FakeSheetsRoute, RecordedRequest } from './fake-sheets-server';
export { startFakeSheets } from './fake-sheets-server';
export type { FakeCellValue, FakePermission, FakeSheet, FakeSpreadsheet } from './fake-spreadsheets';
export type { FakeOAuthClient, FakeServiceAccount } from './fake-token-issuer';
