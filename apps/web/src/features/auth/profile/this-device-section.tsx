import type { User } from '@fieldcraft/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { formatDate } from '../../../shared/format/dates';
import {
  readSavedFiles,
  removeSavedFile,
  subscribeSavedFiles,
} from '../../../shared/offline/saved-files';
import { formatSize } from '../../../shared/offline/saved-files.model';
import { useOutdoorMode } from '../../../shared/outdoor-mode/outdoor-mode';

const kindLabel: Record<string, string> = {
  PDF: 'PDF',
  WORD: 'Word document',
  DOCUMENT: 'Document',
  AUDIO: 'Audio',
};

/** Settings kept on this device only: outdoor mode and the files saved for offline use. */
export function ThisDeviceSection({ user }: { user: User }) {
  const { outdoor, toggle } = useOutdoorMode();
  const all = useSyncExternalStore(subscribeSavedFiles, readSavedFiles, readSavedFiles);
  const mine = all.filter((file) => file.userId === user.id);
  const total = mine.reduce((sum, file) => sum + file.size, 0);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <FormControlLabel
          control={<Switch checked={outdoor} onChange={toggle} />}
          label="Outdoor mode"
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          High contrast and larger controls for bright sunlight. Remembered on this device.
        </Typography>
      </Box>
      <Box>
        <Typography component="h3" variant="h6" sx={{ mb: 0.5 }}>
          Saved for offline use
        </Typography>
        {mine.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            Nothing saved on this device yet. On the dashboard, choose “Save for offline” on a
            document or audio to keep it for places without signal.
          </Typography>
        ) : (
          <>
            <Typography sx={{ color: 'text.secondary', mb: 1 }}>
              {mine.length === 1 ? '1 file' : `${mine.length} files`}, {formatSize(total)} on this
              device.
            </Typography>
            <Box
              component="ul"
              aria-label="Saved for offline use"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {mine.map((file) => (
                <Box
                  component="li"
                  key={file.id}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    py: 1,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {file.title}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {kindLabel[file.type] ?? file.type} · {formatSize(file.size)} · saved{' '}
                      {formatDate(file.savedAt)}
                    </Typography>
                  </Box>
                  <Button
                    color="secondary"
                    startIcon={<DeleteIcon />}
                    aria-label={`Remove ${file.title} from this device`}
                    onClick={() => void removeSavedFile(file.id)}
                    sx={{ minHeight: 44, flexShrink: 0 }}
                  >
                    Remove
                  </Button>
                </Box>
              ))}
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}
