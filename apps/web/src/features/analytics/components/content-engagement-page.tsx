import type { ItemEngagement, User, UserEngagement } from '@fieldcraft/contracts';
import { BarChart } from '@fieldcraft/ui';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import { count, dayLabel, when } from '../analytics-format';
import { useGetEngagementQuery } from '../analytics.api';
import { downloadCsv, toCsv } from '../csv';
import { AnalyticsFrame, usePeriod, useRefetchOnRevisit } from './analytics-frame';
import { type Column, DataTable } from './data-table';
import { StatGrid } from './stat-grid';

// The figures come right after the name, so a phone shows them before any sideways scroll.
const itemColumns: Column<ItemEngagement>[] = [
  {
    header: 'Content',
    rowHeader: true,
    minWidth: 180,
    cell: (r) => (
      <>
        {r.title}
        {r.isActive ? null : (
          <Chip size="small" label="Offline" variant="outlined" sx={{ ml: 1 }} />
        )}
      </>
    ),
  },
  { header: 'Opens', numeric: true, cell: (r) => count(r.opens) },
  { header: 'People', numeric: true, cell: (r) => count(r.distinctUsers) },
  { header: 'Last opened', minWidth: 120, cell: (r) => when(r.lastOpenedAt) },
  { header: 'Type', cell: (r) => r.type },
];

const userColumns: Column<UserEngagement>[] = [
  { header: 'Person', rowHeader: true, minWidth: 120, cell: (r) => r.name },
  { header: 'Opens', numeric: true, cell: (r) => count(r.opens) },
  { header: 'Items opened', numeric: true, cell: (r) => count(r.itemsOpened) },
  { header: 'Last active', minWidth: 120, cell: (r) => when(r.lastActiveAt) },
  { header: 'Email', cell: (r) => r.email },
];

/** /analytics/engagement (OWNER): which content is opened, and by whom. */
export function ContentEngagementPage(_props: { user: User }) {
  const [days, setDays] = usePeriod();
  const query = useGetEngagementQuery(days, {
    refetchOnMountOrArgChange: true,
  });
  const { data, refetch } = query;
  useRefetchOnRevisit(refetch, days);

  const exportCsv = () => {
    if (!data) return;
    downloadCsv(
      `content-engagement-last-${days}-days.csv`,
      toCsv(
        ['content_id', 'title', 'type', 'opens', 'people', 'last_opened_at'],
        data.items.map((i) => [
          i.contentId,
          i.title,
          i.type,
          i.opens,
          i.distinctUsers,
          i.lastOpenedAt,
        ]),
      ),
    );
  };

  return (
    <AnalyticsFrame
      title="Content Engagement"
      subtitle="What your crews open in the content library, and who opens it"
      days={days}
      onDaysChange={setDays}
      what="content engagement"
      query={query}
      onExport={exportCsv}
    >
      {(data) => (
        <>
          <StatGrid
            label={`Content engagement, last ${days} days`}
            stats={[
              { label: 'Opens', value: count(data.totals.opens) },
              {
                label: 'People',
                value: count(data.totals.distinctUsers),
                hint: 'who opened something',
              },
              {
                label: 'Items opened',
                value: count(data.totals.itemsOpened),
                hint: `of ${count(data.items.length)} in the library`,
              },
            ]}
          />
          <Card sx={{ p: { xs: 2, sm: 3 } }}>
            <BarChart
              title="Opens per day"
              valueLabel="Opens"
              data={data.daily.map((d) => ({ label: dayLabel(d.date), value: d.opens }))}
              emptyText="Nothing opened in this period"
            />
          </Card>
          <DataTable
            title="By content item"
            description="Every item in the library, most opened first."
            columns={itemColumns}
            rows={data.items}
            rowKey={(r) => r.contentId}
            emptyText="The content library is empty."
          />
          <DataTable
            title="By person"
            description="Everyone with an account, most active first."
            columns={userColumns}
            rows={data.users}
            rowKey={(r) => r.userId}
            emptyText="No one has an account yet."
          />
        </>
      )}
    </AnalyticsFrame>
  );
}
