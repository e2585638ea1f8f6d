/**
 * Rows as CSV (RFC 4180: comma-separated, CRLF, fields quoted when they need it, quotes doubled),
 * with a byte-order mark so spreadsheet software reads UTF-8. A cell starting with = + - @ (or a
 * tab or carriage return) would run as a formula in a spreadsheet: an address is any text a
 * visitor typed, so such a cell is prefixed with ' (OWASP's CSV injection advice). A spreadsheet
 * set to another separator (French Excel splits on ;) must not find a formula inside a field either:
 * a field with any separator (, ; tab) or quote is quoted, which every spreadsheet reads as one cell.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  const cell = (value: string | null) => {
    let text = value ?? '';
    if (/^\s*[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\ufeff${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
