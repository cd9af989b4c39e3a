import { FormDialogActions, ResponsiveDialog } from '@fieldcraft/ui';
import { CreateCompanyBodySchema, type Company } from '@fieldcraft/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { serverErrorDetail } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { showToast } from '../../../app/toasts.slice';
import { useCreateCompanyMutation, useRenameCompanyMutation } from '../companies.api';

export interface CompanyNameDialogProps {
  open: boolean;
  /** null: a new company. */
  company: Company | null;
  onClose: () => void;
}

/** Add Company / Rename Company. */
export function CompanyNameDialog({ open, company, onClose }: CompanyNameDialogProps) {
  const dispatch = useAppDispatch();
  const [create, { isLoading: creating }] = useCreateCompanyMutation();
  const [rename, { isLoading: renaming }] = useRenameCompanyMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [session, setSession] = useState<string | null>(null);
  const current = open ? String(company?.id ?? 'new') : null;
  if (current !== session) {
    setSession(current);
    setName(company?.name ?? '');
    setError(undefined);
    setFailure(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CreateCompanyBodySchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      if (company) await rename({ id: company.id, ...parsed.data }).unwrap();
      else await create(parsed.data).unwrap();
    } catch (err) {
      setFailure(
        serverErrorDetail(err) ??
          (company ? 'Failed to rename company' : 'Failed to create company'),
      );
      return;
    }
    dispatch(
      showToast({ title: 'Success', description: company ? 'Company renamed' : 'Company created' }),
    );
    onClose();
  }

  const busy = creating || renaming;
  return (
    <ResponsiveDialog
      open={open}
      title={company ? 'Rename Company' : 'Add Company'}
      onClose={onClose}
      onSubmit={onSubmit}
      actions={
        <FormDialogActions
          onCancel={onClose}
          busy={busy}
          submitLabel={company ? 'Rename' : 'Create Company'}
        />
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <TextField
          label="Company Name"
          required
          autoFocus
          autoComplete="off"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          error={Boolean(error)}
          helperText={error}
          fullWidth
        />
      </Stack>
    </ResponsiveDialog>
  );
}
