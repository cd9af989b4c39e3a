import type { User } from '@fieldcraft/contracts';
import { AdminHomePage } from '../../features/operations/components/admin-home-page';
import { OwnerControlPage } from '../../features/operations/components/owner-control-page';
import { PreviewAsUserButton } from '../../features/people/preview/components/preview-as-user-button';

// The owner's home and the admin landing page, each with the preview feature's button: two
// features composed here, as a feature never imports another.

export function OwnerControlRoute({ user }: { user: User }) {
  return <OwnerControlPage user={user} previewAction={<PreviewAsUserButton />} />;
}

export function AdminHomeRoute({ user }: { user: User }) {
  return <AdminHomePage user={user} previewAction={<PreviewAsUserButton />} />;
}
