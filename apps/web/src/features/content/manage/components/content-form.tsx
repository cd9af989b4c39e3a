// Over 300 lines: one form drawn two ways (a dialog at 640 px and up, a bottom sheet below)
// over the same fields and checks; its values and rules live in content-form.model.ts.
import {
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES_BY_CATEGORY,
  type ContentCategory,
  type ContentItem,
  type ContentType,
} from '@fieldcraft/contracts';
import { DialogHeader, DialogOrSheet, useWideDialog } from '@fieldcraft/ui';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import {
  ACCEPT,
  CATEGORY_LABELS,
  initialValues,
  needsUrl,
  takesFile,
  type ContentFormValues,
} from './content-form.model';

export interface ContentFormProps {
  open: boolean;
  /** The item being edited; null creates. */
  item: ContentItem | null;
  /** Upload progress in percent while a file uploads; null otherwise. */
  uploadProgress: number | null;
  saving: boolean;
  onCancelUpload: () => void;
  onClose: () => void;
  /** Called after the form's own checks pass. */
  onSubmit: (values: ContentFormValues) => void;
  /** The spec's submit checks ('URL Required', 'File Required') are toasts. */
  onRuleFailed: (title: string, description: string) => void;
}

type FieldErrors = Partial<Record<'title' | 'description' | 'url', string>>;

/** The create/edit form: a dialog at 640 px and up, a bottom sheet below. */
export function ContentForm(props: ContentFormProps) {
  const wide = useWideDialog();
  const titleId = useId();
  const { open, item, onClose } = props;
  const heading = item ? 'Edit Content' : 'Add Content';
  // The values live here, not in the body, so crossing 640 px (dialog ↔ sheet) keeps them.
  const [values, setValues] = useState<ContentFormValues>(() => initialValues(item));
  const [errors, setErrors] = useState<FieldErrors>({});
  const session = open ? String(item?.id ?? 'new') : null;
  const [seenSession, setSeenSession] = useState<string | null>(null);
  if (session !== seenSession) {
    setSeenSession(session);
    if (session) {
      setValues(initialValues(item));
      setErrors({});
    }
  }
  const body = open ? (
    <ContentFormBody
      {...props}
      variant={wide ? 'dialog' : 'sheet'}
      values={values}
      setValues={setValues}
      errors={errors}
      setErrors={setErrors}
    />
  ) : null;

  return (
    <DialogOrSheet open={open} onClose={onClose} titleId={titleId} wide={wide}>
      <DialogHeader titleId={titleId} title={heading} onClose={onClose} />
      {wide ? (
        <DialogContent>{body}</DialogContent>
      ) : (
        <Box sx={{ px: 3, pb: 3, overflowY: 'auto' }}>{body}</Box>
      )}
    </DialogOrSheet>
  );
}

function ContentFormBody({
  item,
  uploadProgress,
  saving,
  onCancelUpload,
  onClose,
  onSubmit,
  onRuleFailed,
  variant,
  values,
  setValues,
  errors,
  setErrors,
}: ContentFormProps & {
  variant: 'dialog' | 'sheet';
  values: ContentFormValues;
  setValues: Dispatch<SetStateAction<ContentFormValues>>;
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
}) {
  const fileInputId = useId();
  const set = <K extends keyof ContentFormValues>(key: K, value: ContentFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const accept = ACCEPT[variant][values.type];
  const uploading = uploadProgress !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: FieldErrors = {};
    if (!values.title.trim()) next.title = 'Title is required';
    if (!values.description.trim()) next.description = 'Description is required';
    if (needsUrl(values.type) && !values.url.trim())
      next.url = 'URL is required for this content type';
    setErrors(next);
    if (next.title || next.description) return;
    if (needsUrl(values.type) && !values.url.trim()) {
      onRuleFailed('URL Required', 'Please provide a URL for this content type.');
      return;
    }
    if (takesFile(values.type) && !values.file && !item) {
      onRuleFailed('File Required', 'Please select a file to upload.');
      return;
    }
    onSubmit(values);
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={item ? 'Edit content' : 'Add content'}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Title"
          required
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          error={!!errors.title}
          helperText={errors.title}
        />
        <TextField
          label="Description"
          required
          multiline
          minRows={3}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          error={!!errors.description}
          helperText={errors.description}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            label="Category"
            value={values.category}
            onChange={(e) => {
              const category = e.target.value as ContentCategory;
              setValues((v) => ({
                ...v,
                category,
                type: CONTENT_TYPES_BY_CATEGORY[category][0],
                file: null,
              }));
            }}
          >
            {(Object.keys(CONTENT_TYPES_BY_CATEGORY) as ContentCategory[]).map((c) => (
              <MenuItem key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Type"
            value={values.type}
            onChange={(e) =>
              setValues((v) => ({ ...v, type: e.target.value as ContentType, file: null }))
            }
          >
            {CONTENT_TYPES_BY_CATEGORY[values.category].map((t) => (
              <MenuItem key={t} value={t}>
                {CONTENT_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {takesFile(values.type) ? (
          <Box>
            <input
              id={fileInputId}
              type="file"
              accept={accept}
              aria-label="File"
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
              onChange={(e) => set('file', e.target.files?.[0] ?? null)}
            />
            <Button
              component="label"
              htmlFor={fileInputId}
              variant="outlined"
              color="secondary"
              startIcon={<UploadFileIcon />}
              // A <label>: body text on phones is 16 px (docs/field-readiness.md).
              sx={{ minHeight: 44, fontSize: '1rem' }}
            >
              {values.file ? 'Change file' : 'Choose file'}
            </Button>
            <Typography
              variant="body2"
              sx={{ mt: 1, color: 'text.secondary', wordBreak: 'break-all' }}
            >
              {values.file
                ? values.file.name
                : item
                  ? 'Keep the current file, or choose a new one.'
                  : `Accepted: ${accept?.replaceAll(',', ', ')}. Maximum size 100MB.`}
            </Typography>
          </Box>
        ) : null}
        <TextField
          label="URL"
          required={needsUrl(values.type)}
          value={values.url}
          onChange={(e) => set('url', e.target.value)}
          error={!!errors.url}
          helperText={
            errors.url ??
            (takesFile(values.type) ? 'Optional: replaced by the uploaded file.' : undefined)
          }
          slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
        />
        <FormControlLabel
          control={
            <Switch checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />
          }
          label="Live"
        />
        {uploading ? (
          <Box role="group" aria-label="Upload progress">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <LinearProgress
                variant="determinate"
                value={uploadProgress}
                aria-label="Uploading"
                sx={{ flex: 1, height: 8, borderRadius: 4 }}
              />
              <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
                {uploadProgress}%
              </Typography>
              <Button onClick={onCancelUpload} color="error" sx={{ minHeight: 44 }}>
                Cancel upload
              </Button>
            </Box>
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={onClose} variant="outlined" color="secondary" sx={{ minHeight: 44 }}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving} sx={{ minHeight: 44 }}>
            {item ? 'Save Changes' : 'Create Content'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
