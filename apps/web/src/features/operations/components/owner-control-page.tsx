import type { User } from '@fieldcraft/contracts';
import { PageHeader } from '@fieldcraft/ui';
import ApartmentIcon from '@mui/icons-material/Apartment';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BarChartIcon from '@mui/icons-material/BarChart';
import ChatIcon from '@mui/icons-material/Chat';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import PeopleIcon from '@mui/icons-material/People';
import TouchAppIcon from '@mui/icons-material/TouchApp';
import type { ReactNode } from 'react';
import { paths } from '../../../shared/paths';
import { useAdminSummary } from '../owner-control.api';
import { type Shortcut, ShortcutGrid } from './shortcut-grid';
import { SummarySection } from './summary-section';

const manage: Shortcut[] = [
  {
    label: 'User Management',
    description: 'Find people, edit accounts, reset passwords',
    href: paths.userManagement.getHref(),
    icon: <PeopleIcon />,
  },
  {
    label: 'Companies',
    description: 'Tenants with their admins, users and rooms',
    href: paths.companies.getHref(),
    icon: <ApartmentIcon />,
  },
  {
    label: 'Rooms',
    description: 'Create, pause and open rooms; who may enter',
    href: paths.rooms.getHref(),
    icon: <MeetingRoomIcon />,
  },
  {
    label: 'Content Management',
    description: 'Videos, audio, documents and news',
    href: paths.contentManagement.getHref(),
    icon: <LibraryBooksIcon />,
  },
  {
    label: 'Bulk Upload',
    description: 'Add many files at once',
    href: paths.bulkUpload.getHref(),
    icon: <CloudUploadIcon />,
  },
  {
    label: 'Fast Redeploy',
    description: 'Agents, their settings and their rooms',
    href: paths.agents.getHref(),
    icon: <AutorenewIcon />,
  },
];

const insight: Shortcut[] = [
  {
    label: 'AI Assistant Chat',
    description: 'Ask the advisor over the whole library',
    href: paths.assistantChat.getHref(),
    icon: <ChatIcon />,
  },
  {
    label: 'Voice Usage',
    description: 'Conversations and minutes per agent and room',
    href: paths.analyticsUsage.getHref(),
    icon: <BarChartIcon />,
  },
  {
    label: 'Content Engagement',
    description: 'Opens per item and per user',
    href: paths.analyticsEngagement.getHref(),
    icon: <TouchAppIcon />,
  },
  {
    label: 'Knowledge Gaps',
    description: 'Questions the advisor could not answer',
    href: paths.analyticsKnowledgeGaps.getHref(),
    icon: <HelpOutlineIcon />,
  },
];

export interface OwnerControlPageProps {
  user: User;
  /** The 'Preview as User' button (preview-mode feature), composed in app/. */
  previewAction?: ReactNode;
}

/** /owner-control (OWNER): the owner's home — the install's numbers and every management screen. */
export function OwnerControlPage({ previewAction }: OwnerControlPageProps) {
  const { data, isLoading, isError, refetch } = useAdminSummary();
  return (
    <>
      <PageHeader
        title="Owner Control"
        subtitle="Your install at a glance, and every management screen"
        actions={previewAction}
      />
      <SummarySection
        summary={data}
        isLoading={isLoading}
        isError={isError}
        onRetry={() => void refetch()}
      />
      <ShortcutGrid title="Manage" shortcuts={manage} />
      <ShortcutGrid title="Assistant and analytics" shortcuts={insight} />
    </>
  );
}
