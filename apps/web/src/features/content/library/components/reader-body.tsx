import type { ContentReader } from '@fieldcraft/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { vimeoEmbedUrl } from '../../../../shared/content-opening/open-content';
import { useResumePlayback } from '../use-resume-playback';
import { formatDuration, resumeFrom } from '../media-time';

export interface ReaderBodyProps {
  reader: ContentReader;
  /** The cited PDF page or Word section (1-based), from ?page=N. */
  page: number | null;
  /** Opens an off-site address after the External Link Warning. */
  onExternal: (url: string) => void;
}

const frame = {
  width: '100%',
  border: 1,
  borderColor: 'divider',
  borderRadius: 3,
  bgcolor: 'background.paper',
} as const;

function Player({ reader }: { reader: ContentReader }) {
  const { item, kind, fileUrl, positionSeconds } = reader;
  const ref = useResumePlayback(item.id, positionSeconds);
  const from = resumeFrom(positionSeconds, item.durationSeconds);
  const note =
    from > 0
      ? `Resumes at ${formatDuration(from)}, where you left off.`
      : 'Starts from the beginning.';
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {kind === 'video' ? (
        <Box
          component="video"
          ref={ref}
          src={fileUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={item.title}
          sx={{ ...frame, aspectRatio: '16 / 9', bgcolor: 'common.black' }}
        />
      ) : (
        <Box
          component="audio"
          ref={ref}
          src={fileUrl ?? undefined}
          controls
          preload="metadata"
          aria-label={item.title}
          sx={{ width: '100%' }}
        />
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {note}
      </Typography>
    </Box>
  );
}

/** A Word file's sanitised HTML (the server rebuilt every tag from an allow-list). */
function WordText({ html, page }: { html: string; page: number | null }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!page || page < 2) return;
    box.current?.querySelector(`#section-${page}`)?.scrollIntoView({ block: 'start' });
  }, [html, page]);
  return (
    <Box
      ref={box}
      className="reader-text"
      sx={{
        ...frame,
        p: { xs: 2, sm: 4 },
        maxWidth: '72ch',
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& h1, & h2, & h3': { lineHeight: 1.3, mt: 3, mb: 1, scrollMarginTop: 96 },
        '& h1': { fontSize: '1.6rem' },
        '& h2': { fontSize: '1.3rem' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& td, & th': { border: 1, borderColor: 'divider', p: 1 },
        '& a': { color: 'primary.main' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The item itself, by how the server says it can be shown. */
export function ReaderBody({ reader, page, onExternal }: ReaderBodyProps) {
  const { item, kind, fileUrl, text, html, truncated } = reader;
  switch (kind) {
    case 'pdf': {
      const src = `${fileUrl ?? ''}${page ? `#page=${page}` : ''}`;
      return (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Box
            component="iframe"
            src={src}
            title={`${item.title} (PDF)`}
            sx={{ ...frame, height: { xs: '70vh', md: '80vh' } }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Phone browsers may not show a PDF inside the page:{' '}
            <Box
              component="a"
              href={src}
              target="_blank"
              rel="noopener"
              sx={{ color: 'primary.main' }}
            >
              open it full screen
            </Box>
            .
          </Typography>
        </Box>
      );
    }
    case 'html':
      return <WordText html={html ?? ''} page={page} />;
    case 'text':
    case 'news':
      return (
        <Box sx={{ ...frame, p: { xs: 2, sm: 4 }, maxWidth: '72ch' }}>
          <Typography
            component="div"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.7 }}
          >
            {text}
          </Typography>
          {truncated ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              This is the beginning of a long file; download it to read the rest.
            </Alert>
          ) : null}
          {kind === 'news' && item.url ? (
            <Button
              sx={{ mt: 2 }}
              variant="outlined"
              endIcon={<OpenInNewIcon />}
              onClick={() => onExternal(item.url ?? '')}
            >
              Read the full story
            </Button>
          ) : null}
        </Box>
      );
    case 'audio':
    case 'video':
      return <Player reader={reader} />;
    case 'vimeo': {
      const src = vimeoEmbedUrl(item.url ?? '')?.replace('autoplay=1', 'autoplay=0');
      return src ? (
        <Box
          component="iframe"
          src={src}
          title={item.title}
          sandbox="allow-scripts allow-same-origin allow-presentation"
          allow="fullscreen; picture-in-picture"
          allowFullScreen
          sx={{ ...frame, aspectRatio: '16 / 9', height: 'auto', bgcolor: 'common.black' }}
        />
      ) : (
        <Alert severity="warning">This video address cannot be played.</Alert>
      );
    }
    case 'link':
      return (
        <Box sx={{ ...frame, p: { xs: 2, sm: 4 }, maxWidth: '72ch' }}>
          <Typography sx={{ mb: 2 }}>{item.description}</Typography>
          <Button
            variant="contained"
            endIcon={<OpenInNewIcon />}
            onClick={() => onExternal(item.url ?? '')}
          >
            Open the page
          </Button>
        </Box>
      );
    default:
      return (
        <Alert severity="info">
          This file cannot be shown in the app. Download it to open it on this device.
        </Alert>
      );
  }
}
