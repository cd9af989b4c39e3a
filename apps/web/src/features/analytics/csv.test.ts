import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(
      toCsv(
        ['question', 'times'],
        [
          ['Depth, "max"?', 3],
          ['=HYPERLINK("x")', 1],
          ['line\nbreak', null],
          [-5 as unknown as string, 2],
        ],
      ),
    ).toBe(
      'question,times\r\n"Depth, ""max""?",3\r\n"\'=HYPERLINK(""x"")",1\r\n"line\nbreak",\r\n-5,2\r\n',
    );
  });
});
