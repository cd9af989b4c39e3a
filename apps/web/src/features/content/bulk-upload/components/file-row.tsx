// Over 300 lines: one row's read view and its override fields (type, title, access) are one
// form the queue edits in place; the queue's rules live in bulk-queue.ts.
import { CONTENT_TYPE_LABELS, type BulkAccess, type ContentType } from '@fieldcraft/contracts';
import ArticleIcon from '@mui/icons-material/Article';
import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionIcon from '@mui/icons-material/Description';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ReplayIcon from '@mui/icons-material/Replay';
import TuneIcon from '@mui/icons-material/Tune';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { formatBytes, isBusy, type Defaults, type Overrides, type Row } from '../bulk-queue';

const TYPE_ICONS: Partial<Record<ContentType, ReactNode>> = {
  PDF: <PictureAsPdfIcon />,
  WORD: <ArticleIcon />,
  DOCUMENT: <DescriptionIcon />,
  VIDEO: <VideoFileIcon />,
  AUDIO: <AudiotrackIcon />,
};

/** Small fields, still at least 44 px tall to tap. */
const fieldSx = { '& .MuiInputBase-root': { minHeight: 44 } } as const;

export const STATUS_LABELS = { true: 'Live', false: 'Offline' } as const;
export const ACCESS_LABELS: Record<BulkAccess, string> = { all: 'All users', none: 'No one' };

function statusText(row: Row): string {
  switch (row.status) {
    case 'ready':
      return 'Ready';
    case 'queued':
      return 'Waiting…';
    case 'uploading':
      return `Uploading ${row.percent}%`;
    case 'processing':
      return 'Checking the file…';
    case 'done':
      return 'Uploaded';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

export interface FileRowProps {
  row: Row;
  defaults: Defaults;
  /** The title was left empty when Upload was pressed. */
  titleError?: string;
  onTitle: (title: string) => void;
  onOverrides: (overrides: Overrides) => void;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
}

/** One file of a bulk upload: its type, title, overrides, progress, error and actions. */
export function FileRow({
  row,
  defaults,
  titleError,
  onTitle,
  onOverrides,
  onCancel,
  onRetry,
  onRemove,
}: FileRowProps) {
  const [customizing, setCustomizing] = useState(false);
  const errorId = useId();
  const optionsId = useId();
  const type = row.item?.type ?? row.guessedType;
  const editable =
    row.status === 'ready' ||
    (row.status === 'failed' && !row.refusedLocally) ||
    row.status === 'cancelled';
  const showProgress =
    row.status === 'uploading' || row.status === 'processing' || row.status === 'done';
  const name = row.file.name;
  const { overrides } = row;

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={name}
      aria-describedby={row.error ? errorId : undefined}
      sx={{
        listStyle: 'none',
        p: { xs: 2, sm: 2.5 },
        borderRadius: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
            width: 40,
            height: 40,
            borderRadius: 2,
            bgcolor: 'action.hover',
            color: 'text.secondary',
          }}
        >
          {(type && TYPE_ICONS[type]) ?? <InsertDriveFileIcon />}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="p" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
            {name}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatBytes(row.file.size)}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              icon={row.item ? <CheckCircleIcon /> : undefined}
              label={
                type
                  ? `${CONTENT_TYPE_LABELS[type]} · ${row.item ? 'confirmed' : row.typeRefused ? 'not confirmed' : 'from the name'}`
                  : 'Unknown type'
              }
            />
            <Chip
              size="small"
              label={statusText(row)}
              color={
                row.status === 'done' ? 'success' : row.status === 'failed' ? 'error' : 'default'
              }
              variant={row.status === 'done' || row.status === 'failed' ? 'filled' : 'outlined'}
            />
          </Box>
        </Box>
      </Box>

      <TextField
        label="Title"
        required
        size="small"
        sx={fieldSx}
        value={row.title}
        disabled={!editable}
        error={!!titleError}
        helperText={titleError}
        onChange={(e) => onTitle(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200, 'aria-label': `Title for ${name}` } }}
      />

      {showProgress ? (
        <Box>
          <LinearProgress
            variant={row.status === 'processing' ? 'indeterminate' : 'determinate'}
            value={row.percent}
            aria-label={`Upload progress for ${name}`}
            aria-valuetext={statusText(row)}
            sx={{ height: 8, borderRadius: 4 }}
          />
        </Box>
      ) : null}

      {row.error ? (
        <Box
          id={errorId}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', color: 'error.main' }}
        >
          <ErrorOutlinedIcon fontSize="small" aria-hidden sx={{ mt: '2px' }} />
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {row.error}
          </Typography>
        </Box>
      ) : null}

      {editable ? (
        <Collapse in={customizing} unmountOnExit>
          <Box
            id={optionsId}
            role="group"
            aria-label={`Options for ${name}`}
            sx={{
              display: 'grid',
              gap: 2,
              pt: 1,
              gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' },
            }}
          >
            <TextField
              label="Description"
              size="small"
              sx={fieldSx}
              multiline
              minRows={1}
              value={overrides.description ?? ''}
              placeholder={defaults.description || 'Default description'}
              helperText="Empty: the default"
              onChange={(e) => onOverrides({ description: e.target.value || undefined })}
            />
            <TextField
              select
              size="small"
              sx={fieldSx}
              label="Status"
              value={overrides.isActive === undefined ? 'default' : String(overrides.isActive)}
              onChange={(e) =>
                onOverrides({
                  isActive: e.target.value === 'default' ? undefined : e.target.value === 'true',
                })
              }
            >
              <MenuItem value="default">
                Default ({STATUS_LABELS[String(defaults.isActive) as 'true' | 'false']})
              </MenuItem>
              <MenuItem value="true">Live</MenuItem>
              <MenuItem value="false">Offline</MenuItem>
            </TextField>
            <TextField
              select
              size="small"
              sx={fieldSx}
              label="Who can access"
              value={overrides.access ?? 'default'}
              onChange={(e) =>
                onOverrides({
                  access: e.target.value === 'default' ? undefined : (e.target.value as BulkAccess),
                })
              }
            >
              <MenuItem value="default">Default ({ACCESS_LABELS[defaults.access]})</MenuItem>
              <MenuItem value="all">All users</MenuItem>
              <MenuItem value="none">No one</MenuItem>
            </TextField>
          </Box>
        </Collapse>
      ) : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, '& > *': { minHeight: 44 } }}>
        {editable ? (
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            startIcon={<TuneIcon />}
            aria-expanded={customizing}
            aria-controls={customizing ? optionsId : undefined}
            aria-label={`Customize ${name}`}
            onClick={() => setCustomizing((v) => !v)}
          >
            Customize
          </Button>
        ) : null}
        {row.status === 'queued' || row.status === 'uploading' ? (
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            startIcon={<CloseIcon />}
            aria-label={`Cancel ${name}`}
            onClick={onCancel}
          >
            Cancel
          </Button>
        ) : null}
        {(row.status === 'failed' && !row.refusedLocally) || row.status === 'cancelled' ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<ReplayIcon />}
            aria-label={`Retry ${name}`}
            onClick={onRetry}
          >
            Retry
          </Button>
        ) : null}
        {!isBusy(row.status) ? (
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            startIcon={<DeleteOutlinedIcon />}
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
