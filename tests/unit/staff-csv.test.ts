import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/web/features/staff/csv';

/** The staff console's CSV files (usage, safety report) open in spreadsheets: nothing in it may run there as a formula. */
describe('staff CSV', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(toCsv(['a', 'b'], [['x, y', 'say "hi"\nthere']])).toBe(
      'a,b\r\n"x, y","say ""hi""\nthere"\r\n',
    );
  });

  it('starts text a spreadsheet would run as a formula with an apostrophe', () => {
    const labels = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tlabel'];
    const csv = toCsv(
      ['label'],
      labels.map((label) => [label]),
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://x"",""y"")"`,
      "'+1+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tlabel",
    ]);
  });

  it('leaves numbers as numbers, a negative margin included', () => {
    expect(toCsv(['margin', 'n'], [['-12.50', -3]])).toBe('margin,n\r\n-12.50,-3\r\n');
  });
});
