import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type FormEvent, type ReactNode } from 'react';

export interface ResponsiveDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** Makes the dialog a form (Enter submits). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

export interface DialogOrSheetProps {
  open: boolean;
  onClose: () => void;
  /** The id of the title inside, which names the dialog. */
  titleId: string;
  /** A dialog when true, a bottom sheet when false (callers ask `useWideDialog()`). */
  wide: boolean;
  children: ReactNode;
}

/** Dialogs at 640 px and up, bottom sheets below. */
export function useWideDialog(): boolean {
  return useMediaQuery('(min-width:640px)', { noSsr: true });
}

/** The frame of the owner dialogs: a centred dialog when wide, a bottom sheet otherwise. */
export function DialogOrSheet({ open, onClose, titleId, wide, children }: DialogOrSheetProps) {
  if (wide) {
    return (
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        {children}
      </Dialog>
    );
  }
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '92dvh' },
        } as object,
      }}
    >
      {children}
    </Drawer>
  );
}

/** A dialog's title row: the title (named by `titleId`) and a Close button. */
export function DialogHeader({
  titleId,
  title,
  onClose,
}: {
  titleId: string;
  title: string;
  onClose: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
      <DialogTitle id={titleId} sx={{ flex: 1 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ width: 44, height: 44 }}>
        <CloseIcon />
      </IconButton>
    </Box>
  );
}

/** The owner dialogs' shape: a dialog at 640 px and up, a bottom sheet below. */
export function ResponsiveDialog({
  open,
  title,
  onClose,
  children,
  actions,
  onSubmit,
}: ResponsiveDialogProps) {
  const wide = useWideDialog();
  const titleId = useId();
  const inner = (
    <>
      <DialogHeader titleId={titleId} title={title} onClose={onClose} />
      <DialogContent sx={{ pt: 0 }}>{children}</DialogContent>
      {actions ? (
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
      ) : null}
    </>
  );
  return (
    <DialogOrSheet open={open} onClose={onClose} titleId={titleId} wide={wide}>
      {onSubmit ? (
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          {inner}
        </Box>
      ) : (
        inner
      )}
    </DialogOrSheet>
  );
}

export interface FormDialogActionsProps {
  onCancel: () => void;
  /** The submit button's text ('Create User', 'Save Changes'). */
  submitLabel: string;
  busy: boolean;
  /** The submit button's text while busy. */
  busyLabel?: string;
}

/** Cancel and a submit button for a form dialog; the submit is disabled while busy. */
export function FormDialogActions({
  onCancel,
  submitLabel,
  busy,
  busyLabel = 'Saving...',
}: FormDialogActionsProps) {
  return (
    <>
      <Button onClick={onCancel} color="secondary" variant="outlined">
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </>
  );
}

export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's text ('Create User', 'Save Changes'). */
  submitLabel: string;
  busy: boolean;
  busyLabel?: string;
  /** The server's answer to the last submit, shown above the fields. */
  failure?: string | null;
  /** The fields. */
  children: ReactNode;
}

/** A form in a ResponsiveDialog: the failure line, the fields, Cancel and submit. */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  busyLabel,
  failure,
  children,
}: FormDialogProps) {
  return (
    <ResponsiveDialog
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        <FormDialogActions
          onCancel={onClose}
          busy={busy}
          submitLabel={submitLabel}
          busyLabel={busyLabel}
        />
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        {children}
      </Stack>
    </ResponsiveDialog>
  );
}
