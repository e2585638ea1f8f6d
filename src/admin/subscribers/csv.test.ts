import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows, CRLF, UTF-8 with its byte-order mark', () => {
    expect(toCsv(['E-mail', 'Statut'], [['awa@exemple.sn', 'Abonné']])).toBe('\ufeffE-mail,Statut\r\nawa@exemple.sn,Abonné\r\n');
  });

  it('quotes fields with commas, quotes or line breaks, and leaves empty cells empty', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          ['x,y', 'il a dit "oui"', null],
          ['ligne\nsuivante', '', 'z'],
        ],
      ),
    ).toBe('\ufeffa,b,c\r\n"x,y","il a dit ""oui""",\r\n"ligne\nsuivante",,z\r\n');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(toCsv(['e'], [['=1+1@x.fr'], ['+33@x.fr'], ['-2@x.fr'], ['@SUM(A1)@x.fr'], ['=HYPERLINK("http://x")']])).toBe(
      '\ufeffe\r\n\'=1+1@x.fr\r\n\'+33@x.fr\r\n\'-2@x.fr\r\n\'@SUM(A1)@x.fr\r\n"\'=HYPERLINK(""http://x"")"\r\n',
    );
  });

  it('yields no formula cell when a spreadsheet splits on ; or tab (French Excel), whatever the address', () => {
    // How a spreadsheet reads a CSV line with a given separator: quoted fields are one cell.
    const cells = (line: string, sep: string) =>
      [...line.matchAll(new RegExp(`(?:^|${sep})("(?:[^"]|"")*"|[^${sep}]*)`, 'g'))].map((m) =>
        m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'),
      );
    const nasty = ['a;=WEBSERVICE("http://x");@x.fr', 'a\t=1+1\t@x.fr', 'a,=1+1,@x.fr', ' =1+1@x.fr', 'b;+1;@x.fr'];
    const csv = toCsv(
      ['e', 's'],
      nasty.map((e) => [e, 'Abonné']),
    );
    for (const line of csv.replace('\ufeff', '').trim().split('\r\n').slice(1)) {
      for (const sep of [',', ';', '\t']) {
        for (const cell of cells(line, sep))
          expect(cell, `${JSON.stringify(line)} split on ${JSON.stringify(sep)}`).not.toMatch(/^\s*[=+\-@]/);
      }
    }
    expect(csv).toContain('"a;=WEBSERVICE(""http://x"");@x.fr"');
  });
});
