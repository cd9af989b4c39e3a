import type { AdminSummary } from '@fieldcraft/contracts';
import { LoadingState } from '@fieldcraft/ui';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SummaryStats } from './summary-stats';

export interface SummarySectionProps {
  summary: AdminSummary | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** The summary numbers, with a spinner while they load and a retry when they fail. */
export function SummarySection({ summary, isLoading, isError, onRetry }: SummarySectionProps) {
  if (isLoading) return <LoadingState label="Loading..." />;
  if (isError || !summary) {
    return (
      <Alert
        severity="error"
        sx={{ mb: 4 }}
        action={
          <Button color="inherit" onClick={onRetry} sx={{ minHeight: 44 }}>
            Retry
          </Button>
        }
      >
        The numbers could not be loaded.
      </Alert>
    );
  }
  return <SummaryStats summary={summary} />;
}
