import type { User } from '@fieldcraft/contracts';
import { PageHeader } from '@fieldcraft/ui';
import ApartmentIcon from '@mui/icons-material/Apartment';
import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomize';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import PeopleIcon from '@mui/icons-material/People';
import type { ReactNode } from 'react';
import { paths } from '../../../shared/paths';
import { useAdminSummary } from '../owner-control.api';
import { type Shortcut, ShortcutGrid } from './shortcut-grid';
import { SummarySection } from './summary-section';

export interface AdminHomePageProps {
  user: User;
  /** The 'Preview as User' button (preview-mode feature), composed in app/. */
  previewAction?: ReactNode;
}

/**
 * /main-dashboard (OWNER, ADMIN): the admin landing page, where leaving preview mode returns.
 * An ADMIN sees their company's numbers; an OWNER the whole install and a way to Owner Control.
 */
export function AdminHomePage({ user, previewAction }: AdminHomePageProps) {
  const { data, isLoading, isError, refetch } = useAdminSummary();
  const isOwner = user.role === 'OWNER';
  const shortcuts: Shortcut[] = [
    ...(isOwner
      ? [
          {
            label: 'Owner Control',
            description: 'Every management screen, analytics and tools',
            href: paths.ownerControl.getHref(),
            icon: <DashboardCustomizeIcon />,
          },
        ]
      : []),
    {
      label: 'User Management',
      description: isOwner
        ? 'Find people, edit accounts, reset passwords'
        : 'Your company’s people',
      href: paths.userManagement.getHref(),
      icon: <PeopleIcon />,
    },
    {
      label: 'Companies',
      description: isOwner
        ? 'Tenants with their admins, users and rooms'
        : 'Your company and its rooms',
      href: paths.companies.getHref(),
      icon: <ApartmentIcon />,
    },
    {
      label: 'Rooms',
      description: isOwner ? 'Every room and its owner tools' : 'The rooms you are a member of',
      href: paths.rooms.getHref(),
      icon: <MeetingRoomIcon />,
    },
  ];

  let subtitle = 'The whole install';
  if (!isOwner) {
    subtitle = data?.scope.companyName
      ? `${data.scope.companyName}: your company’s numbers`
      : data
        ? 'You are not assigned to a company yet, so there are no numbers to show.'
        : 'Your company’s numbers';
  }

  return (
    <>
      <PageHeader title="Admin Dashboard" subtitle={subtitle} actions={previewAction} />
      <SummarySection
        summary={data}
        isLoading={isLoading}
        isError={isError}
        onRetry={() => void refetch()}
      />
      <ShortcutGrid title="Go to" shortcuts={shortcuts} />
    </>
  );
}
