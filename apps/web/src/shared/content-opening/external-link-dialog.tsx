import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export interface ExternalLinkDialogProps {
  /** The off-site URL waiting for confirmation; null keeps the dialog closed. */
  url: string | null;
  onStay: () => void;
  onContinue: (url: string) => void;
}

/** 'External Link Warning': shown before leaving for a URL on another host. */
export function ExternalLinkDialog({ url, onStay, onContinue }: ExternalLinkDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={url !== null}
      onClose={onStay}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>External Link Warning</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          You are about to visit external content and leave the platform. The site opens in a new
          tab.
        </DialogContentText>
        <DialogContentText sx={{ mt: 1, wordBreak: 'break-all', fontSize: 14 }}>
          {url}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={onStay} variant="outlined" color="secondary" sx={{ minHeight: 44 }}>
          Stay in App
        </Button>
        <Button onClick={() => url && onContinue(url)} variant="contained" sx={{ minHeight: 44 }}>
          Continue to External Site
        </Button>
      </DialogActions>
    </Dialog>
  );
}
