import type { KnowledgeGapGroup, KnowledgeGapStatus, User } from '@fieldcraft/contracts';
import { BarChart } from '@fieldcraft/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serverErrorDetail } from '../../../shared/api/api';
import { useAppDispatch } from '../../../shared/store/hooks';
import { showToast } from '../../../shared/toasts/toasts.slice';
import { count, dayLabel, when } from '../analytics-format';
import { useGetKnowledgeGapsQuery, useSetGapResolutionMutation } from '../analytics.api';
import { downloadCsv, toCsv } from '../csv';
import { AnalyticsFrame, toggleSx, usePeriod, useRefetchOnRevisit } from './analytics-frame';
import { type Column, DataTable } from './data-table';
import { StatGrid } from './stat-grid';

const statusLabels: Record<KnowledgeGapStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
  all: 'All',
};

/** /analytics/knowledge-gaps (OWNER): what the advisor could not answer, most asked first. */
export function KnowledgeGapsPage(_props: { user: User }) {
  const dispatch = useAppDispatch();
  const [days, setDays] = usePeriod();
  const [status, setStatus] = useState<KnowledgeGapStatus>('open');
  const query = useGetKnowledgeGapsQuery({ days, status }, { refetchOnMountOrArgChange: true });
  const { data, refetch } = query;
  useRefetchOnRevisit(refetch, days);
  const [setResolution, { isLoading: saving }] = useSetGapResolutionMutation();

  async function resolve(group: KnowledgeGapGroup, resolved: boolean) {
    try {
      await setResolution({ key: group.key, resolved }).unwrap();
      dispatch(
        showToast({
          title: resolved ? 'Question resolved' : 'Question reopened',
          description: resolved
            ? `"${group.question}" is marked as answered by the library.`
            : `"${group.question}" is open again.`,
        }),
      );
    } catch (error) {
      dispatch(
        showToast({
          title: 'Error',
          description: serverErrorDetail(error) ?? 'Failed to update the question',
          variant: 'destructive',
        }),
      );
    }
  }

  const columns: Column<KnowledgeGapGroup>[] = [
    {
      header: 'Question',
      rowHeader: true,
      minWidth: 220,
      // The action sits with the question, so it is in reach on a phone without scrolling.
      cell: (g) => (
        <>
          {g.question}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
            {g.resolvedAt ? (
              <Chip size="small" label="Resolved" color="success" variant="outlined" />
            ) : null}
            <Button
              size="small"
              variant={g.resolvedAt ? 'text' : 'outlined'}
              disabled={saving}
              onClick={() => void resolve(g, !g.resolvedAt)}
              aria-label={`${g.resolvedAt ? 'Reopen' : 'Mark resolved'}: ${g.question}`}
              sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
            >
              {g.resolvedAt ? 'Reopen' : 'Mark resolved'}
            </Button>
          </Box>
        </>
      ),
    },
    { header: 'Times asked', numeric: true, cell: (g) => count(g.timesAsked) },
    { header: 'People', numeric: true, cell: (g) => count(g.distinctUsers) },
    {
      header: 'Agent and room',
      minWidth: 160,
      cell: (g) => (
        <>
          {g.agentNames.join(', ')}
          <Typography
            component="span"
            variant="body2"
            sx={{ display: 'block', color: 'text.secondary' }}
          >
            {g.rooms.length > 0 ? g.rooms.join(', ') : 'No room'}
          </Typography>
        </>
      ),
    },
    { header: 'Last asked', minWidth: 120, cell: (g) => when(g.lastAskedAt) },
  ];

  const exportCsv = () => {
    if (!data) return;
    downloadCsv(
      `knowledge-gaps-last-${days}-days.csv`,
      toCsv(
        [
          'question',
          'times_asked',
          'people',
          'agents',
          'rooms',
          'first_asked_at',
          'last_asked_at',
          'resolved_at',
        ],
        data.questions.map((g) => [
          g.question,
          g.timesAsked,
          g.distinctUsers,
          g.agentNames.join('; '),
          g.rooms.join('; '),
          g.firstAskedAt,
          g.lastAskedAt,
          g.resolvedAt,
        ]),
      ),
    );
  };

  return (
    <AnalyticsFrame
      title="Knowledge Gaps"
      subtitle="Questions the advisor could not answer from the content library"
      days={days}
      onDaysChange={setDays}
      what="knowledge gaps"
      query={query}
      onExport={exportCsv}
    >
      {(data) => (
        <>
          <StatGrid
            label={`Knowledge gaps, last ${days} days`}
            stats={[
              { label: 'Unanswered asks', value: count(data.totals.asked) },
              { label: 'Distinct questions', value: count(data.totals.distinctQuestions) },
              {
                label: 'Open questions',
                value: count(data.totals.openQuestions),
                hint: 'not yet resolved',
              },
            ]}
          />
          <Card sx={{ p: { xs: 2, sm: 3 } }}>
            <BarChart
              title="Unanswered questions per day"
              valueLabel="Unanswered questions"
              data={data.daily.map((d) => ({ label: dayLabel(d.date), value: d.asked }))}
              emptyText="Every question was answered in this period"
            />
          </Card>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography component="span" id="gap-status-label" sx={{ fontWeight: 600 }}>
              Show
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              aria-labelledby="gap-status-label"
              value={status}
              onChange={(_e, value: KnowledgeGapStatus | null) => {
                if (value) setStatus(value);
              }}
              sx={toggleSx}
            >
              {(['open', 'resolved', 'all'] as const).map((s) => (
                <ToggleButton key={s} value={s}>
                  {statusLabels[s]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <DataTable
            title="Questions"
            description="Each question with every way it was asked (case and spacing ignored), most asked first. Mark one resolved once the library answers it; asking it again reopens it."
            columns={columns}
            rows={data.questions}
            rowKey={(g) => g.key}
            emptyText={
              status === 'open'
                ? 'No open questions: the advisor answered everything asked in this period.'
                : 'No questions in this period.'
            }
          />
        </>
      )}
    </AnalyticsFrame>
  );
}
