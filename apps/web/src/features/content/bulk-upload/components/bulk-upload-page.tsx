import type { BulkAccess } from '@fieldcraft/contracts';
import { PageHeader } from '@fieldcraft/ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../../shared/paths';
import { isBusy, summarize, summaryText, type Defaults } from '../bulk-queue';
import { useBulkUpload } from '../use-bulk-upload';
import { FileRow } from './file-row';

const ACCEPT = [
  '.pdf',
  '.doc',
  '.docx',
  '.txt',
  '.rtf',
  '.mp4',
  '.webm',
  '.mov',
  '.avi',
  '.mkv',
  '.wmv',
  '.mp3',
  '.wav',
  '.ogg',
  '.m4a',
  '.aac',
].join(',');

/** /bulk-upload (OWNER): many files at once, each becoming a content item with the defaults. */
export function BulkUploadPage() {
  const [defaults, setDefaults] = useState<Defaults>({
    description: '',
    isActive: true,
    access: 'all',
  });
  const [tried, setTried] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const queue = useBulkUpload(defaults);
  const { rows, busy } = queue;

  const ready = rows.filter((r) => r.status === 'ready');
  const descriptionError =
    tried &&
    ready.length > 0 &&
    !defaults.description.trim() &&
    ready.some((r) => !r.overrides.description?.trim())
      ? 'Description is required'
      : undefined;
  const titleError = (title: string) => (tried && !title.trim() ? 'Title is required' : undefined);
  const summary = summarize(rows);
  const finished =
    queue.runStarted && !busy && summary.uploaded + summary.failed + summary.cancelled > 0;

  function add(files: FileList | null) {
    if (files && files.length > 0) queue.addFiles(Array.from(files));
  }

  function uploadAll() {
    setTried(true);
    const missingDescription =
      !defaults.description.trim() && ready.some((r) => !r.overrides.description?.trim());
    if (missingDescription || ready.some((r) => !r.title.trim())) return;
    setTried(false);
    queue.startAll();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  }

  return (
    <>
      <PageHeader
        title="Bulk Upload"
        subtitle="Upload many files at once: each becomes a content item with the defaults below"
        actions={
          <Button
            component={RouterLink}
            to={paths.contentManagement.getHref()}
            variant="outlined"
            color="secondary"
            startIcon={<ArrowBackIcon />}
          >
            Back to Content Management
          </Button>
        }
      />

      <Box sx={{ display: 'grid', gap: 3 }}>
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="bulk-defaults-heading"
          sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
        >
          <Typography id="bulk-defaults-heading" component="h2" variant="h5" sx={{ mb: 0.5 }}>
            Defaults for every file
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            Each file can change these with its Customize button.
          </Typography>
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' } }}
          >
            <TextField
              label="Description"
              required
              multiline
              minRows={2}
              value={defaults.description}
              disabled={busy}
              error={!!descriptionError}
              helperText={descriptionError ?? 'Shown under each item on the dashboard'}
              onChange={(e) => setDefaults((d) => ({ ...d, description: e.target.value }))}
              slotProps={{ htmlInput: { maxLength: 20000 } }}
            />
            <TextField
              select
              label="Status"
              value={String(defaults.isActive)}
              disabled={busy}
              onChange={(e) => setDefaults((d) => ({ ...d, isActive: e.target.value === 'true' }))}
            >
              <MenuItem value="true">Live</MenuItem>
              <MenuItem value="false">Offline</MenuItem>
            </TextField>
            <TextField
              select
              label="Who can access"
              value={defaults.access}
              disabled={busy}
              onChange={(e) => setDefaults((d) => ({ ...d, access: e.target.value as BulkAccess }))}
            >
              <MenuItem value="all">All users</MenuItem>
              <MenuItem value="none">No one</MenuItem>
            </TextField>
          </Box>
        </Paper>

        <Paper
          component="section"
          variant="outlined"
          aria-label="Choose files"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            p: { xs: 3, sm: 4 },
            borderRadius: 3,
            borderStyle: 'dashed',
            borderWidth: 2,
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'background.paper',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            textAlign: 'center',
            gap: 1.5,
          }}
        >
          <CloudUploadIcon aria-hidden sx={{ fontSize: 40, color: 'text.secondary' }} />
          <Typography component="p" sx={{ fontWeight: 600 }}>
            Drop files here, or choose them
          </Typography>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT}
            aria-label="Files to upload"
            aria-describedby={hintId}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            tabIndex={-1}
            onChange={(e) => {
              add(e.target.files);
              e.target.value = '';
            }}
          />
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            aria-describedby={hintId}
          >
            Choose Files
          </Button>
          <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
            PDF, Word, text, video and audio files, up to 100MB each. The type is checked from the
            content.
          </Typography>
        </Paper>

        {finished ? (
          <Alert
            severity={summary.failed > 0 ? 'warning' : 'success'}
            role="status"
            action={
              <Button
                component={RouterLink}
                to={paths.contentManagement.getHref()}
                color="inherit"
                sx={{ minHeight: 44 }}
              >
                Back to Content Management
              </Button>
            }
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            {summaryText(summary)}
          </Alert>
        ) : null}

        {rows.length > 0 ? (
          <Box component="section" aria-labelledby="bulk-files-heading">
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
                mb: 2,
              }}
            >
              <Typography id="bulk-files-heading" component="h2" variant="h5">
                Files ({rows.length})
              </Typography>
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  '& > *': { flex: { xs: '1 1 auto', sm: '0 0 auto' } },
                }}
              >
                {summary.uploaded > 0 && !busy ? (
                  <Button variant="outlined" color="secondary" onClick={queue.clearUploaded}>
                    Clear uploaded
                  </Button>
                ) : null}
                {ready.length > 0 ? (
                  <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={uploadAll}>
                    {ready.length === 1 ? 'Upload 1 file' : `Upload ${ready.length} files`}
                  </Button>
                ) : null}
              </Box>
            </Box>
            <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
              {rows.map((row) => (
                <FileRow
                  key={row.id}
                  row={row}
                  defaults={defaults}
                  titleError={row.status === 'ready' ? titleError(row.title) : undefined}
                  onTitle={(title) => queue.setTitle(row.id, title)}
                  onOverrides={(overrides) => queue.setOverrides(row.id, overrides)}
                  onCancel={() => queue.cancel(row.id)}
                  onRetry={() => queue.retry(row.id)}
                  onRemove={() => queue.remove(row.id)}
                />
              ))}
            </Box>
            {rows.some((r) => isBusy(r.status)) ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
                Up to 3 files upload at the same time.
              </Typography>
            ) : null}
          </Box>
        ) : null}
      </Box>
    </>
  );
}
