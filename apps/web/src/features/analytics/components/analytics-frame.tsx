import type { AnalyticsPeriod } from '@fieldcraft/contracts';
import { ANALYTICS_PERIODS } from '@fieldcraft/contracts';
import { PageHeader } from '@fieldcraft/ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { periodFrom } from '../analytics-format';

const screens = [
  { label: 'Voice Usage', path: paths.analyticsUsage.getHref() },
  { label: 'Content Engagement', path: paths.analyticsEngagement.getHref() },
  { label: 'Knowledge Gaps', path: paths.analyticsKnowledgeGaps.getHref() },
];

/** The period in the address (`?days=`), so a link or a reload keeps it. */
export function usePeriod(): [AnalyticsPeriod, (days: AnalyticsPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const days = periodFrom(params.get('days'));
  const setDays = (next: AnalyticsPeriod) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('days', String(next));
        return copy;
      },
      { replace: true },
    );
  return [days, setDays];
}

export interface AnalyticsFrameProps {
  title: string;
  subtitle: string;
  days: AnalyticsPeriod;
  onDaysChange: (days: AnalyticsPeriod) => void;
  /** Extra header buttons (e.g. Export CSV). */
  actions?: ReactNode;
  children: ReactNode;
}

/** What the three Analytics screens share: header, links between them and the period choice. */
export function AnalyticsFrame({
  title,
  subtitle,
  days,
  onDaysChange,
  actions,
  children,
}: AnalyticsFrameProps) {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            {actions}
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
            alignSelf: { xs: 'stretch', md: 'auto' },
            '& .MuiToggleButton-root': { minHeight: 44, flex: 1, px: 2 },
          }}
        >
          {ANALYTICS_PERIODS.map((d) => (
            <ToggleButton key={d} value={d}>
              Last {d} days
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'grid', gap: 3 }}>{children}</Box>
    </>
  );
}
