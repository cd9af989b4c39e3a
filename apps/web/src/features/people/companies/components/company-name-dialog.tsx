import { FormDialog } from '@fieldcraft/ui';
import { CreateCompanyBodySchema, type Company } from '@fieldcraft/contracts';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useFormDialogSubmit } from '../../../../shared/forms/use-form-dialog-submit';
import { useCreateCompanyMutation, useRenameCompanyMutation } from '../companies.api';

export interface CompanyNameDialogProps {
  open: boolean;
  /** null: a new company. */
  company: Company | null;
  onClose: () => void;
}

/** Add Company / Rename Company. */
export function CompanyNameDialog({ open, company, onClose }: CompanyNameDialogProps) {
  const [create, { isLoading: creating }] = useCreateCompanyMutation();
  const [rename, { isLoading: renaming }] = useRenameCompanyMutation();
  const { field, values, failure, submit } = useFormDialogSubmit(
    () => ({ name: company?.name ?? '' }),
    { session: open ? String(company?.id ?? 'new') : null, onClose },
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    void submit(event, {
      parse: () => CreateCompanyBodySchema.safeParse(values),
      send: (data) =>
        company ? rename({ id: company.id, ...data }).unwrap() : create(data).unwrap(),
      fallback: company ? 'Failed to rename company' : 'Failed to create company',
      success: company ? 'Company renamed' : 'Company created',
    });
  }

  const busy = creating || renaming;
  return (
    <FormDialog
      open={open}
      title={company ? 'Rename Company' : 'Add Company'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={company ? 'Rename' : 'Create Company'}
      busy={busy}
      failure={failure}
    >
      <TextField label="Company Name" required autoFocus autoComplete="off" {...field('name')} />
    </FormDialog>
  );
}
