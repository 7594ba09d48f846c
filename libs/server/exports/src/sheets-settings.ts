import { type SheetsConfig, sheetsConfigFromEnv } from './sheets';

/** Injection token: the Google Sheets settings, read once from the environment at boot. */
export const SHEETS_CONFIG = Symbol('SHEETS_CONFIG');

/** A bad GOOGLE_* variable stops the process at boot with its name, like every other setting. */
export const sheetsConfigProvider = { provide: SHEETS_CONFIG, useFactory: (): SheetsConfig => sheetsConfigFromEnv(process.env) };
