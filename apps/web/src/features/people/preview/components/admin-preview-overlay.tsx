import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../../shared/paths';
import { usePreviewMode } from '../preview-mode-context';

/** In preview mode only: a round button bottom right opening the 'Admin Preview Mode' panel. */
export function AdminPreviewOverlay() {
  const { isPreviewMode, exitPreviewMode } = usePreviewMode();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();

  if (!isPreviewMode) return null;

  const close = () => {
    setOpen(false);
    anchorRef.current?.focus();
  };

  return (
    <>
      {/* Room at the page's end, so the round button never hides its last line for good. */}
      <Box aria-hidden sx={{ height: 88 }} />
      <Box
        // Escape from the button or from inside the panel (the portal's events bubble here).
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close();
        }}
        sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <Fab
          ref={anchorRef}
          color="primary"
          aria-label="Admin Preview Mode"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          <AdminPanelSettingsIcon />
        </Fab>
        <Popper
          open={open}
          anchorEl={anchorRef.current}
          placement="top-end"
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        >
          <ClickAwayListener
            onClickAway={(event) => {
              // The round button toggles the panel itself; a click on it is not a click away.
              if (anchorRef.current?.contains(event.target as Node)) return;
              setOpen(false);
            }}
          >
            <Paper
              id={panelId}
              role="dialog"
              aria-labelledby={headingId}
              elevation={8}
              sx={{ p: 2.5, mb: 1.5, maxWidth: 320, display: 'grid', gap: 1.5 }}
            >
              <Typography id={headingId} component="h2" variant="h4">
                Admin Preview Mode
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                You&apos;re viewing the app as users see it. Click below to return to admin
                controls.
              </Typography>
              <Button
                variant="contained"
                onClick={() => {
                  setOpen(false);
                  exitPreviewMode();
                  navigate(paths.adminHome.getHref());
                }}
              >
                Exit Preview Mode
              </Button>
            </Paper>
          </ClickAwayListener>
        </Popper>
      </Box>
    </>
  );
}
