import { EmptyState } from '@fieldcraft/ui';
import BlockIcon from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../../shared/paths';

/** Where the route guard sends a role that may not open the page it asked for. */
export function TestStationPage() {
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto' }}>
      <Typography component="h1" variant="h2" sx={{ px: 3, pt: 3 }}>
        Page not available
      </Typography>
      <EmptyState
        icon={<BlockIcon />}
        titleComponent="p"
        title="This page isn't available for your role."
        description="Ask an owner if you think you should have access."
        action={
          <Button component={RouterLink} to={paths.dashboard.getHref()} variant="contained">
            Back to Dashboard
          </Button>
        }
      />
    </Card>
  );
}
