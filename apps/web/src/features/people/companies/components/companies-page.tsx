import type { Company, User } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, PageHeader } from '@fieldcraft/ui';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import ApartmentIcon from '@mui/icons-material/Apartment';
import PeopleIcon from '@mui/icons-material/People';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { serverErrorDetail } from '../../../../shared/api/api';
import { useAppDispatch } from '../../../../shared/store/hooks';
import { paths } from '../../../../shared/paths';
import { showToast } from '../../../../shared/toasts/toasts.slice';
import { useDeleteCompanyMutation, useGetCompaniesQuery } from '../companies.api';
import { CompanyDialog } from './company-dialog';
import { CompanyNameDialog } from './company-name-dialog';

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'rename'; company: Company }
  | { kind: 'manage'; company: Company };

/** /companies (OWNER, ADMIN): companies with their users and rooms. An ADMIN sees their own only. */
export function CompaniesPage({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const isOwner = user.role === 'OWNER';
  const { data: companies = [], isLoading } = useGetCompaniesQuery();
  const [deleteCompany, { isLoading: deleting }] = useDeleteCompanyMutation();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  async function remove(company: Company) {
    if (!window.confirm(`Delete ${company.name}? Its rooms will no longer belong to a company.`))
      return;
    try {
      await deleteCompany(company.id).unwrap();
      dispatch(showToast({ title: 'Success', description: `${company.name} deleted` }));
    } catch (error) {
      dispatch(
        showToast({
          variant: 'destructive',
          title: 'Error',
          description: serverErrorDetail(error) ?? 'Failed to delete company',
        }),
      );
    }
  }

  return (
    <>
      <PageHeader
        title="Companies"
        subtitle={
          isOwner
            ? 'Tenants: each company’s admins manage only its users and rooms'
            : 'Your company, its people and its rooms'
        }
        actions={
          <>
            <Button
              component={RouterLink}
              to={paths.userManagement.getHref()}
              variant="outlined"
              startIcon={<PeopleIcon />}
            >
              User Management
            </Button>
            {isOwner ? (
              <Button
                variant="contained"
                startIcon={<AddBusinessIcon />}
                onClick={() => setDialog({ kind: 'create' })}
              >
                Add Company
              </Button>
            ) : null}
          </>
        }
      />
      {isLoading ? (
        <LoadingState label="Loading companies..." />
      ) : companies.length === 0 ? (
        <Card>
          <EmptyState
            icon={<ApartmentIcon />}
            title={isOwner ? 'No companies yet' : 'You are not assigned to a company'}
            description={
              isOwner
                ? 'Add a company, then move its users and rooms into it.'
                : 'Ask an owner to add you to your company.'
            }
          />
        </Card>
      ) : (
        <Box
          component="ul"
          aria-label="Companies"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          {companies.map((company) => (
            <Card component="li" key={company.id} aria-label={company.name} sx={{ p: 2.5 }}>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                {company.name}
              </Typography>
              <Typography sx={{ color: 'text.secondary', mb: 2 }}>
                {company.userCount} {company.userCount === 1 ? 'user' : 'users'} ·{' '}
                {company.roomCount} {company.roomCount === 1 ? 'room' : 'rooms'}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Button
                  variant="contained"
                  onClick={() => setDialog({ kind: 'manage', company })}
                  aria-label={`${isOwner ? 'Manage' : 'View'} ${company.name}`}
                >
                  {isOwner ? 'Manage' : 'View'}
                </Button>
                {isOwner ? (
                  <>
                    <Button
                      variant="outlined"
                      onClick={() => setDialog({ kind: 'rename', company })}
                      aria-label={`Rename ${company.name}`}
                    >
                      Rename
                    </Button>
                    <Button
                      variant="outlined"
                      color="error"
                      disabled={deleting}
                      onClick={() => void remove(company)}
                      aria-label={`Delete ${company.name}`}
                    >
                      Delete
                    </Button>
                  </>
                ) : null}
              </Stack>
            </Card>
          ))}
        </Box>
      )}
      <CompanyNameDialog
        open={dialog.kind === 'create' || dialog.kind === 'rename'}
        company={dialog.kind === 'rename' ? dialog.company : null}
        onClose={close}
      />
      <CompanyDialog
        companyId={dialog.kind === 'manage' ? dialog.company.id : null}
        canEdit={isOwner}
        onClose={close}
      />
    </>
  );
}
