import type { AnalyticsPeriod } from '@fieldcraft/contracts';
import { ANALYTICS_PERIODS } from '@fieldcraft/contracts';
import { LoadingState, PageHeader } from '@fieldcraft/ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { periodFrom } from '../analytics-format';
import { ErrorCard } from './error-card';

const screens = [
  { label: 'Voice Usage', path: paths.analyticsUsage.getHref() },
  { label: 'Content Engagement', path: paths.analyticsEngagement.getHref() },
  { label: 'Knowledge Gaps', path: paths.analyticsKnowledgeGaps.getHref() },
];

const PERIOD_KEY = 'fieldcraft.analytics.days';

function rememberedPeriod(): string | null {
  try {
    return sessionStorage.getItem(PERIOD_KEY);
  } catch {
    return null;
  }
}

/**
 * The period in the address (`?days=`), so a link or a reload keeps it. Without one (the menu's
 * links) it is the last period chosen in this tab, else 30 days.
 */
export function usePeriod(): [AnalyticsPeriod, (days: AnalyticsPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const days = periodFrom(params.get('days') ?? rememberedPeriod());
  const setDays = (next: AnalyticsPeriod) => {
    try {
      sessionStorage.setItem(PERIOD_KEY, String(next));
    } catch {
      // Storage may be off; the address still carries the period.
    }
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('days', String(next));
        return copy;
      },
      { replace: true },
    );
  };
  return [days, setDays];
}

/**
 * Fetches again when the owner navigates to the screen they are on (the menu item again):
 * the figures should then include what happened since, as on a first visit.
 */
export function useRefetchOnRevisit(refetch: () => unknown, days: AnalyticsPeriod): void {
  const { key } = useLocation();
  const seen = useRef({ key, days });
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    const before = seen.current;
    seen.current = { key, days };
    // A new period is a new query already; only the same period needs asking again.
    if (key !== before.key && days === before.days) void latest.current();
  }, [key, days]);
}

/** Toggle buttons with AA contrast on the page background, the chosen one filled. */
export const toggleSx = {
  '& .MuiToggleButton-root': {
    minHeight: 44,
    px: { xs: 1, sm: 2 },
    whiteSpace: 'nowrap',
    color: 'text.secondary',
    bgcolor: 'background.paper',
    fontWeight: 600,
  },
  '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
    color: 'primary.contrastText',
    bgcolor: 'primary.main',
  },
} as const;

export interface AnalyticsFrameProps<T> {
  title: string;
  subtitle: string;
  days: AnalyticsPeriod;
  onDaysChange: (days: AnalyticsPeriod) => void;
  /** What the screen shows, for its loading and error texts ('voice usage'). */
  what: string;
  /** The screen's query: the frame shows its loading and error states. */
  query: { data?: T; isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** Export CSV, offered once the figures are there. */
  onExport: () => void;
  /** The figures, once loaded. */
  children: (data: T) => ReactNode;
}

/**
 * What the three Analytics screens share: header with Export CSV, links between them, the
 * period choice, and the loading and error states of their figures.
 */
export function AnalyticsFrame<T>({
  title,
  subtitle,
  days,
  onDaysChange,
  what,
  query,
  onExport,
  children,
}: AnalyticsFrameProps<T>) {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={onExport}
              disabled={!query.data}
            >
              Export CSV
            </Button>
            <Button
              component={RouterLink}
              to={paths.ownerControl.getHref()}
              variant="outlined"
              startIcon={<ArrowBackIcon />}
            >
              Back to Owner Control
            </Button>
          </>
        }
      />
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'stretch', md: 'center' },
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Tabs
          component="nav"
          aria-label="Analytics screens"
          value={screens.some((s) => s.path === pathname) ? pathname : false}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ minHeight: 44, '& .MuiTab-root': { minHeight: 44 } }}
        >
          {screens.map((s) => (
            <Tab
              key={s.path}
              label={s.label}
              value={s.path}
              component={RouterLink}
              to={`${s.path}?days=${days}`}
              aria-current={s.path === pathname ? 'page' : undefined}
            />
          ))}
        </Tabs>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label="Period"
          value={days}
          onChange={(_event, value: AnalyticsPeriod | null) => {
            if (value) onDaysChange(value);
          }}
          sx={{
            ...toggleSx,
            alignSelf: { xs: 'stretch', md: 'auto' },
            '& .MuiToggleButton-root': { ...toggleSx['& .MuiToggleButton-root'], flex: 1 },
          }}
        >
          {ANALYTICS_PERIODS.map((d) => (
            <ToggleButton key={d} value={d}>
              Last {d} days
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {query.isLoading ? (
          <LoadingState label={`Loading ${what}...`} />
        ) : query.isError || !query.data ? (
          <ErrorCard what={what} onRetry={() => void query.refetch()} />
        ) : (
          children(query.data)
        )}
      </Box>
    </>
  );
}
