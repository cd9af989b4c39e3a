import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

/** The figures could not be loaded: say so and offer another try (the toaster also reports it). */
export function ErrorCard({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Card role="alert" sx={{ p: 3, textAlign: 'center' }}>
      <Typography sx={{ mb: 1 }}>Could not load the {what}.</Typography>
      <Button variant="outlined" onClick={onRetry} sx={{ minHeight: 44 }}>
        Try again
      </Button>
    </Card>
  );
}
