import { ResponsiveDialog } from '@fieldcraft/ui';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question in the owner dialogs' shape. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  destructive,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <ResponsiveDialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} color="secondary" variant="outlined">
            Cancel
          </Button>
          <Button
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Typography>{text}</Typography>
    </ResponsiveDialog>
  );
}
