/**
 * `csv-[incomplete_results-]<name>-<YYYY-MM-DD-HH-mm-ss-SSSS>.csv`, as the reference names exports.
 * The name keeps letters, digits, `_` and `-` of the chart or explore name, so it is safe in a
 * path and in a Content-Disposition header.
 */
export function csvFileName(name: string, truncated: boolean, at: Date): string {
  const safe =
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 100) || 'export';
  const iso = at.toISOString(); // 2026-11-22T08:20:10.123Z
  const stamp = `${iso.slice(0, 10)}-${iso.slice(11, 13)}-${iso.slice(14, 16)}-${iso.slice(17, 19)}-${iso.slice(20, 23)}0`;
  return `csv-${truncated ? 'incomplete_results-' : ''}${safe}-${stamp}.csv`;
}
