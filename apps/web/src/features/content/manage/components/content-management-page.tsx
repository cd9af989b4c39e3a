// Over 300 lines: the page runs one save flow (upload with progress and cancel, then create or
// update, then the spec's toasts) whose steps share its state; the list rows, the form and the
// access popover are components of their own.
import type { ContentItem, ContentPermission, ManagedContentItem } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, PageHeader } from '@fieldcraft/ui';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { serverErrorDetail } from '../../../../shared/api/api';
import { useAppDispatch } from '../../../../shared/store/hooks';
import { paths } from '../../../../shared/paths';
import { showToast } from '../../../../shared/toasts/toasts.slice';
import {
  useCreateContentMutation,
  useDeleteContentMutation,
  useGetContentAccessQuery,
  useGetContentPermissionsQuery,
  useGetContentUsersQuery,
  useGetManagedContentQuery,
  useSetContentPermissionMutation,
  useUpdateContentMutation,
} from '../content-management.api';
import { lastClickedText, latestAccessById } from '../last-clicked';
import { UploadCancelledError } from '../../../../shared/api/upload';
import { saveErrorMessage, uploadFile, type UploadHandle } from '../upload';
import { AccessPopover } from './access-popover';
import { ContentForm } from './content-form';
import type { ContentFormValues } from './content-form.model';
import { allContent, viewContent, whereItShows } from '../content-table.model';
import { BulkActionsBar } from './bulk-actions-bar';
import { ContentList } from './content-list';
import { ContentToolbar } from './content-toolbar';

/** /content-management (OWNER): every item, its status, access and clicks; create and edit. */
export function ContentManagementPage() {
  const dispatch = useAppDispatch();
  const { data: items = [], isLoading } = useGetManagedContentQuery();
  const hasItems = items.length > 0;
  const { data: accessRecords = [] } = useGetContentAccessQuery(undefined, { skip: !hasItems });
  const permissionsQuery = useGetContentPermissionsQuery(undefined, { skip: !hasItems });
  const { data: allUsers = [] } = useGetContentUsersQuery(undefined, { skip: !hasItems });
  const [createContent] = useCreateContentMutation();
  const [updateContent] = useUpdateContentMutation();
  const [deleteContent] = useDeleteContentMutation();
  const [setPermission] = useSetContentPermissionMutation();

  const [form, setForm] = useState<{ open: boolean; item: ContentItem | null }>({
    open: false,
    item: null,
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const upload = useRef<UploadHandle | null>(null);
  const [view, setView] = useState(allContent);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const users = useMemo(() => allUsers.filter((u) => u.role !== 'OWNER'), [allUsers]);
  const latest = useMemo(() => latestAccessById(accessRecords), [accessRecords]);
  const shown = useMemo(() => viewContent(items, view, latest), [items, view, latest]);
  // Only what is still listed stays selected (an item deleted elsewhere drops out).
  const selectedIds = items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const select = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const permissions = useMemo(() => {
    const map = new Map<string, ContentPermission>();
    for (const p of permissionsQuery.data ?? []) map.set(`${p.contentId}:${p.userId}`, p);
    return map;
  }, [permissionsQuery.data]);

  const toast = (title: string, description?: string, destructive = false) =>
    dispatch(showToast({ title, description, variant: destructive ? 'destructive' : 'default' }));

  const busy = (id: number, on: boolean) =>
    setBusyIds((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // An item with no row for a user is visible to them (the server's default rule).
  const hasAccess = (contentId: number, userId: number) =>
    permissions.get(`${contentId}:${userId}`)?.canAccess ?? true;

  async function save(values: ContentFormValues) {
    const editing = form.item;
    setSaving(true);
    let url = values.url.trim() || null;
    try {
      if (values.file) {
        setProgress(0);
        upload.current = uploadFile(values.file, setProgress);
        try {
          url = await upload.current.done;
        } catch (error) {
          if (error instanceof UploadCancelledError) {
            toast('Upload cancelled', 'No content was created.');
          } else {
            toast(
              'Error',
              saveErrorMessage(error instanceof Error ? error.message : undefined),
              true,
            );
          }
          return;
        } finally {
          upload.current = null;
          setProgress(null);
        }
      }
      const body = {
        title: values.title.trim(),
        description: values.description.trim(),
        category: values.category,
        type: values.type,
        url,
        isActive: values.isActive,
      };
      let saved: ManagedContentItem;
      try {
        saved = editing
          ? await updateContent({ id: editing.id, ...body }).unwrap()
          : await createContent(body).unwrap();
      } catch (error) {
        const detail = serverErrorDetail(error);
        if (editing) toast('Error', saveErrorMessage(detail ?? 'Failed to update content.'), true);
        else
          toast(
            'Error creating content',
            saveErrorMessage(detail ?? 'Failed to create content.'),
            true,
          );
        return;
      }
      // Says where the item now shows, so the owner knows where to look for it.
      toast('Content saved successfully!', whereItShows(saved));
      setForm({ open: false, item: null });
    } finally {
      setSaving(false);
    }
  }

  async function toggle(item: ContentItem) {
    busy(item.id, true);
    try {
      await updateContent({ id: item.id, isActive: !item.isActive }).unwrap();
      toast('Content status updated');
    } catch {
      toast('Error', 'Failed to update content status.', true);
    } finally {
      busy(item.id, false);
    }
  }

  async function remove(item: ContentItem) {
    if (!window.confirm('Are you sure you want to delete this content?')) return;
    busy(item.id, true);
    try {
      await deleteContent(item.id).unwrap();
      toast('Content deleted');
    } catch {
      toast('Error', 'Failed to delete content.', true);
    } finally {
      busy(item.id, false);
    }
  }

  async function refreshPermissions(): Promise<boolean> {
    try {
      await permissionsQuery.refetch().unwrap();
      return true;
    } catch {
      toast(
        'Access updated with warnings',
        'User permissions updated but interface may need refresh.',
      );
      return false;
    }
  }

  async function setOne(item: ContentItem, userId: number, canAccess: boolean) {
    busy(item.id, true);
    try {
      await setPermission({ contentId: item.id, userId, canAccess }).unwrap();
    } catch {
      toast('Error', 'Failed to update user access.', true);
      busy(item.id, false);
      return;
    }
    await refreshPermissions();
    busy(item.id, false);
  }

  async function setAll(item: ContentItem, canAccess: boolean) {
    busy(item.id, true);
    const results = await Promise.allSettled(
      users.map((u) => setPermission({ contentId: item.id, userId: u.id, canAccess }).unwrap()),
    );
    if (results.some((r) => r.status === 'rejected')) {
      toast('Error', 'Failed to update bulk access.', true);
      await permissionsQuery.refetch();
    } else if (await refreshPermissions()) {
      toast('Bulk access updated');
    }
    busy(item.id, false);
  }

  return (
    <>
      <PageHeader
        title="Content Management"
        subtitle="Manage PDFs, links, videos, and news for the dashboard"
        actions={
          <>
            <Button
              component={RouterLink}
              to={paths.ownerControl.getHref()}
              variant="outlined"
              color="secondary"
              startIcon={<ArrowBackIcon />}
            >
              Back to Owner Control
            </Button>
            <Button
              component={RouterLink}
              to={paths.home.getHref()}
              variant="outlined"
              color="secondary"
              startIcon={<VisibilityIcon />}
            >
              View Landing Page
            </Button>
            <Button
              component={RouterLink}
              to={paths.bulkUpload.getHref()}
              variant="outlined"
              color="secondary"
              startIcon={<CloudUploadIcon />}
            >
              Bulk Upload
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setForm({ open: true, item: null })}
            >
              Add Content
            </Button>
          </>
        }
      />
      <Box component="section" aria-labelledby="all-content-heading">
        <Typography id="all-content-heading" component="h2" variant="h4" sx={{ mb: 2 }}>
          All Content ({items.length})
        </Typography>
        {isLoading ? (
          <LoadingState label="Loading content..." />
        ) : !hasItems ? (
          <Box
            sx={{ border: 1, borderColor: 'divider', borderRadius: 3, bgcolor: 'background.paper' }}
          >
            <EmptyState
              icon={<LibraryBooksIcon />}
              title="No content yet"
              description="Create your first piece of content to get started."
            />
          </Box>
        ) : (
          <>
            <ContentToolbar view={view} onChange={setView} />
            {selectedIds.length > 0 ? (
              <BulkActionsBar
                selected={selectedIds}
                users={users}
                onClear={() => setSelected(new Set())}
              />
            ) : null}
            {shown.length < items.length ? (
              <Typography sx={{ color: 'text.secondary', mb: 1 }} aria-live="polite">
                Showing {shown.length} of {items.length}
              </Typography>
            ) : null}
            {shown.length === 0 ? (
              <EmptyState
                icon={<LibraryBooksIcon />}
                title="No content matches"
                description="Try other words or filters."
              />
            ) : (
              <ContentList
                selected={selected}
                onSelect={select}
                rows={shown.map((item) => {
                  const last = latest.get(item.id);
                  const isBusy = busyIds.has(item.id);
                  return {
                    item,
                    lastClicked: last ? lastClickedText(last) : null,
                    busy: isBusy,
                    onToggle: () => void toggle(item),
                    onEdit: () => setForm({ open: true, item }),
                    onDelete: () => void remove(item),
                    access: (
                      <AccessPopover
                        item={item}
                        users={users}
                        busy={isBusy}
                        hasAccess={(userId) => hasAccess(item.id, userId)}
                        onSet={(userId, canAccess) => void setOne(item, userId, canAccess)}
                        onBulk={(canAccess) => void setAll(item, canAccess)}
                      />
                    ),
                  };
                })}
              />
            )}
          </>
        )}
      </Box>
      <ContentForm
        open={form.open}
        item={form.item}
        uploadProgress={progress}
        saving={saving}
        onCancelUpload={() => upload.current?.cancel()}
        onClose={() => {
          upload.current?.cancel();
          setForm({ open: false, item: null });
        }}
        onSubmit={(values) => void save(values)}
        onRuleFailed={(title, description) => toast(title, description, true)}
      />
    </>
  );
}
