import { describe, expect, it } from 'vitest';
import { BulkUploadFieldsSchema, bulkTypeOfFile, titleFromFileName } from './bulk-upload.schemas';

describe('bulk upload contracts', () => {
  it('guesses the type from the name first, then the MIME type', () => {
    expect(bulkTypeOfFile('Guide.PDF')).toBe('PDF');
    expect(bulkTypeOfFile('pour.docx')).toBe('WORD');
    expect(bulkTypeOfFile('notes.txt')).toBe('DOCUMENT');
    expect(bulkTypeOfFile('walk.mov')).toBe('VIDEO');
    expect(bulkTypeOfFile('check.mp3', 'video/mp4')).toBe('AUDIO');
    expect(bulkTypeOfFile('setup.exe', 'application/pdf')).toBeNull();
    expect(bulkTypeOfFile('scan', 'application/pdf')).toBe('PDF');
    expect(bulkTypeOfFile('clip', 'audio/ogg')).toBe('AUDIO');
    expect(bulkTypeOfFile('blob')).toBeNull();
  });

  it('makes a title from a file name', () => {
    expect(titleFromFileName('site_safety_checklist.pdf')).toBe('site safety checklist');
    expect(titleFromFileName('Pour  procedure v2.docx')).toBe('Pour procedure v2');
    expect(titleFromFileName('.pdf')).toBe('.pdf');
    expect(titleFromFileName(`${'a'.repeat(300)}.txt`)).toHaveLength(200);
  });

  it('reads the multipart fields as strings', () => {
    expect(
      BulkUploadFieldsSchema.parse({
        title: ' A ',
        description: 'B',
        isActive: 'false',
        access: 'none',
      }),
    ).toEqual({ title: 'A', description: 'B', isActive: false, access: 'none' });
    const bad = BulkUploadFieldsSchema.safeParse({
      title: '',
      description: 'B',
      isActive: 'yes',
      access: 'all',
      extra: '1',
    });
    expect(bad.success).toBe(false);
  });
});
