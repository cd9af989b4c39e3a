import { PageHeader } from '@fieldcraft/ui';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../app/paths';

/** /content-management (OWNER). The content list and forms arrive with the content issue. */
export function ContentManagementPage() {
  return (
    <PageHeader
      title="Content Management"
      subtitle="Manage PDFs, links, videos, and news for the dashboard"
      actions={
        <Button component={RouterLink} to={paths.home.getHref()} variant="outlined" color="secondary" startIcon={<VisibilityIcon />}>
          View Landing Page
        </Button>
      }
    />
  );
}
