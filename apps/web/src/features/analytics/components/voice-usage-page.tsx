import type { AgentUsage, RoomUsage, User } from '@fieldcraft/contracts';
import { BarChart } from '@fieldcraft/ui';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { count, dayLabel, duration, minutes } from '../analytics-format';
import { useGetVoiceUsageQuery } from '../analytics.api';
import { downloadCsv, toCsv } from '../csv';
import { AnalyticsFrame, usePeriod, useRefetchOnRevisit } from './analytics-frame';
import { type Column, DataTable } from './data-table';
import { StatGrid } from './stat-grid';

type Figures = Pick<AgentUsage, 'conversations' | 'seconds' | 'distinctUsers' | 'averageSeconds'>;

function figureColumns<T extends Figures>(): Column<T>[] {
  return [
    { header: 'Conversations', numeric: true, cell: (r) => count(r.conversations) },
    { header: 'Minutes', numeric: true, cell: (r) => minutes(r.seconds) },
    { header: 'Users', numeric: true, cell: (r) => count(r.distinctUsers) },
    { header: 'Average length', numeric: true, cell: (r) => duration(r.averageSeconds) },
  ];
}

const agentColumns: Column<AgentUsage>[] = [
  { header: 'Agent', rowHeader: true, cell: (r) => r.agentName ?? `${r.agentId} (deleted)` },
  ...figureColumns<AgentUsage>(),
];

const roomName = (r: RoomUsage) =>
  r.roomName === null ? 'No room' : r.roomId === null ? `${r.roomName} (deleted)` : r.roomName;

const roomColumns: Column<RoomUsage>[] = [
  { header: 'Room', rowHeader: true, cell: roomName },
  ...figureColumns<RoomUsage>(),
];

/** /analytics/usage (OWNER): conversations and minutes per agent, room and day. */
export function VoiceUsagePage(_props: { user: User }) {
  const [days, setDays] = usePeriod();
  const query = useGetVoiceUsageQuery(days, {
    refetchOnMountOrArgChange: true,
  });
  const { data, refetch } = query;
  useRefetchOnRevisit(refetch, days);

  const exportCsv = () => {
    if (!data) return;
    const rows = [
      ...data.byAgent.map((a) => [
        'agent',
        a.agentName ?? a.agentId,
        a.conversations,
        minutes(a.seconds),
        a.distinctUsers,
        a.averageSeconds,
      ]),
      ...data.byRoom.map((r) => [
        'room',
        roomName(r),
        r.conversations,
        minutes(r.seconds),
        r.distinctUsers,
        r.averageSeconds,
      ]),
    ];
    downloadCsv(
      `voice-usage-last-${days}-days.csv`,
      toCsv(['kind', 'name', 'conversations', 'minutes', 'users', 'average_seconds'], rows),
    );
  };

  return (
    <AnalyticsFrame
      title="Voice Usage"
      subtitle="Conversations with your field advisors, per agent and per room"
      days={days}
      onDaysChange={setDays}
      what="voice usage"
      query={query}
      onExport={exportCsv}
    >
      {(data) => (
        <>
          <StatGrid
            label={`Voice usage, last ${days} days`}
            stats={[
              { label: 'Conversations', value: count(data.totals.conversations) },
              { label: 'Minutes', value: minutes(data.totals.seconds) },
              {
                label: 'Users',
                value: count(data.totals.distinctUsers),
                hint: 'who talked to an advisor',
              },
              { label: 'Average length', value: duration(data.totals.averageSeconds) },
            ]}
          />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Card sx={{ p: { xs: 2, sm: 3 } }}>
              <BarChart
                title="Conversations per day"
                valueLabel="Conversations"
                data={data.daily.map((d) => ({ label: dayLabel(d.date), value: d.conversations }))}
                emptyText="No conversations in this period"
              />
            </Card>
            <Card sx={{ p: { xs: 2, sm: 3 } }}>
              <BarChart
                title="Minutes per day"
                valueLabel="Minutes"
                formatValue={(s) => minutes(s)}
                data={data.daily.map((d) => ({ label: dayLabel(d.date), value: d.seconds }))}
                emptyText="No minutes in this period"
              />
            </Card>
          </Box>
          <DataTable
            title="By agent"
            columns={agentColumns}
            rows={data.byAgent}
            rowKey={(r) => r.agentId}
            emptyText="No conversations in this period."
          />
          <DataTable
            title="By room"
            columns={roomColumns}
            rows={data.byRoom}
            rowKey={(r) => `${r.roomId ?? 'deleted'}-${r.roomName ?? ''}`}
            emptyText="No conversations in this period."
          />
        </>
      )}
    </AnalyticsFrame>
  );
}
