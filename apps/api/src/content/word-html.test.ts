import { describe, expect, it } from 'vitest';
import { sanitiseWordHtml } from './word-html';
import { contentDisposition, humanFileName } from './library.service';

describe('sanitiseWordHtml', () => {
  it('keeps the text structure and marks where each section starts', () => {
    expect(
      sanitiseWordHtml(
        '<h1>Before</h1><p>Check <strong>forms</strong></p><h2>Curing</h2><ul><li>Wet</li></ul>',
      ),
    ).toBe(
      '<span id="section-1"></span><h1>Before</h1><p>Check <strong>forms</strong></p>' +
        '<h2 id="section-2">Curing</h2><ul><li>Wet</li></ul>',
    );
  });

  it('drops attributes, scripts, styles, images, frames and unsafe links', () => {
    const out = sanitiseWordHtml(
      '<p onclick="x()" style="color:red">a</p><script>alert(1)</script><style>p{}</style>' +
        '<img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>' +
        '<a href="javascript:alert(1)">j</a><a href=" java\tscript:alert(1)">t</a>' +
        '<a href="data:text/html,x">d</a><a href="https://ok.example/?a=1&amp;b=&quot;2">ok</a>' +
        '<svg><script>x</script></svg><!-- <script>c</script> --><td colspan="2" rowspan="x">c</td>',
    );
    expect(out).not.toMatch(/onclick|style|script|img|iframe|javascript|data:|svg|onerror/i);
    expect(out).toContain('<p>a</p>');
    expect(out).toContain('<a>j</a><a>t</a><a>d</a>');
    expect(out).toContain(
      '<a href="https://ok.example/?a=1&amp;b=&quot;2" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    expect(out).toContain('<td colspan="2">c</td>');
  });

  it('never lets a stray angle bracket become markup', () => {
    expect(sanitiseWordHtml('<p>1 < 2 > 0</p>')).toBe(
      '<span id="section-1"></span><p>1 &lt; 2 &gt; 0</p>',
    );
  });
});

describe('file names', () => {
  it('come from the title with the file extension, never the storage key', () => {
    const key = '0123456789abcdef0123456789abcdef.pdf';
    expect(humanFileName('Site safety checklist', key)).toBe('Site safety checklist.pdf');
    expect(humanFileName('Checklist.PDF', key)).toBe('Checklist.pdf');
    expect(humanFileName('a/b\\c:d*e?"f"<g>|h', key)).toBe('a b c d e f g h.pdf');
    expect(humanFileName('...', key)).toBe('download.pdf');
    expect(humanFileName(undefined, key)).toBe('download.pdf');
    expect(humanFileName('x'.repeat(300), key)).toHaveLength(124);
  });

  it('reach every browser: an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Bétonnage 100%.docx')).toBe(
      `attachment; filename="B_tonnage 100_.docx"; filename*=UTF-8''B%C3%A9tonnage%20100%25.docx`,
    );
  });
});
