import type { User } from '@fieldcraft/contracts';
import { EmptyState, LoadingState, visuallyHidden } from '@fieldcraft/ui';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { ExternalLinkDialog } from '../../../../shared/content-opening/external-link-dialog';
import { formatDate } from '../../../../shared/format/dates';
import { contentTarget, openDetached } from '../../../../shared/content-opening/open-content';
import { paths } from '../../../../shared/paths';
import { useGetContentReaderQuery } from '../library.api';
import { formatDuration, spokenDuration } from '../media-time';
import { ReaderBody } from './reader-body';
import { TypeArt, typeLabel } from './type-art';

export interface LibraryItemPageProps {
  user: User;
}

/** ?page=N: the cited PDF page or Word section, a positive whole number; anything else is none. */
export function citedPage(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n < 100_000 ? n : null;
}

/**
 * /library/:contentId[?page=N]: one item read or played inside the app — a PDF in the browser's
 * viewer at page N, a Word file rendered by the server (section N), a text file as text, news as
 * a reading page, audio and video resuming where the user left off — with Download beside it.
 */
export function LibraryItemPage(_props: LibraryItemPageProps) {
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.contentId);
  const valid = Number.isInteger(id) && id > 0;
  const reader = useGetContentReaderQuery(id, { skip: !valid });
  const page = citedPage(search.get('page'));
  const [pendingExternal, setPendingExternal] = useState<string | null>(null);

  const openExternal = (url: string) => {
    const target = contentTarget(url);
    if (!target) return;
    if (target.external) setPendingExternal(target.href);
    else openDetached(target.href);
  };

  const back = (
    <Button
      component={RouterLink}
      to={paths.dashboard.getHref()}
      startIcon={<ArrowBackIcon />}
      sx={{ justifySelf: 'start', minHeight: 44 }}
    >
      Library
    </Button>
  );

  if (!valid || reader.isError) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        <EmptyState
          icon={<ReportProblemIcon />}
          titleComponent="h1"
          title="This item is not available"
          description="It may have been taken offline, or you may not have access to it."
        />
      </Box>
    );
  }
  if (!reader.data) return <LoadingState label="Opening..." />;

  const { item, downloadUrl } = reader.data;
  const meta = [typeLabel(item.type), formatDate(item.createdAt)];
  return (
    <Box component="article" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {back}
      <Box
        component="header"
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TypeArt type={item.type} size={56} />
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Typography
            variant="h1"
            component="h1"
            sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
          >
            {item.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {meta.join(' · ')}
            {item.durationSeconds ? (
              <>
                {' · '}
                <span aria-hidden>{formatDuration(item.durationSeconds)}</span>
                <Box component="span" sx={visuallyHidden}>
                  {spokenDuration(item.durationSeconds)}
                </Box>
              </>
            ) : null}
          </Typography>
          {reader.data.kind !== 'news' && reader.data.kind !== 'link' && item.description ? (
            <Typography sx={{ mt: 1, maxWidth: '72ch' }}>{item.description}</Typography>
          ) : null}
        </Box>
        {downloadUrl ? (
          <Button
            component="a"
            href={downloadUrl}
            download
            variant="outlined"
            color="secondary"
            startIcon={<DownloadIcon />}
            sx={{ minHeight: 44 }}
          >
            Download
          </Button>
        ) : null}
      </Box>
      <ReaderBody reader={reader.data} page={page} onExternal={openExternal} />
      <ExternalLinkDialog
        url={pendingExternal}
        onStay={() => setPendingExternal(null)}
        onContinue={(url) => {
          setPendingExternal(null);
          openDetached(url);
        }}
      />
    </Box>
  );
}
