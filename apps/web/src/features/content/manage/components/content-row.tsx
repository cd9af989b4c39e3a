import type { ContentItem, ContentType, TextStatus, TextStatusReason } from '@fieldcraft/contracts';
import { CONTENT_TYPE_LABELS, describeTextStatus } from '@fieldcraft/contracts';
import ArticleIcon from '@mui/icons-material/Article';
import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import LinkIcon from '@mui/icons-material/Link';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import SmartDisplayIcon from '@mui/icons-material/SmartDisplay';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Checkbox from '@mui/material/Checkbox';
import type { ReactNode } from 'react';
import { formatDate } from '../../../../shared/format/dates';

const TYPE_ICONS: Record<ContentType, ReactNode> = {
  VIMEO: <SmartDisplayIcon />,
  VIDEO: <VideoFileIcon />,
  AUDIO: <AudiotrackIcon />,
  PDF: <PictureAsPdfIcon />,
  DOCUMENT: <DescriptionIcon />,
  LINK: <LinkIcon />,
  NEWS: <NewspaperIcon />,
  WORD: <ArticleIcon />,
};

export interface ContentRowProps {
  /** The owner's list adds whether the file's text is searchable. */
  item: ContentItem & { textStatus?: TextStatus; textStatusReason?: TextStatusReason | null };
  /** 'Last clicked …' text, or null when nobody has opened it yet. */
  lastClicked: string | null;
  access: ReactNode;
  busy: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Selection for the bulk actions; omitted: no checkbox. */
  selected?: boolean;
  onSelect?: (on: boolean) => void;
}

/** One managed item: icon, title, badges, dates and its actions. */
export function ContentRow({
  item,
  lastClicked,
  access,
  busy,
  onToggle,
  onEdit,
  onDelete,
  selected,
  onSelect,
}: ContentRowProps) {
  const textNote = item.textStatus
    ? describeTextStatus(item.textStatus, item.textStatusReason ?? null)
    : null;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={item.title}
      sx={{
        listStyle: 'none',
        p: { xs: 2, sm: 2.5 },
        borderRadius: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        {onSelect ? (
          <Checkbox
            checked={Boolean(selected)}
            onChange={(event) => onSelect(event.target.checked)}
            slotProps={{ input: { 'aria-label': `Select ${item.title}` } }}
            sx={{ ml: -1, mt: -0.5, p: '10px' }}
          />
        ) : null}
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
            width: 44,
            height: 44,
            borderRadius: 2,
            bgcolor: 'secondary.main',
            color: 'warning.main',
          }}
        >
          {TYPE_ICONS[item.type]}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography
              component="h3"
              variant="h6"
              sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {item.title}
            </Typography>
            <Chip size="small" label={CONTENT_TYPE_LABELS[item.type]} variant="outlined" />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <Box
              aria-hidden
              sx={{
                width: 8,
                height: 8,
                borderRadius: '50%',
                bgcolor: item.isActive ? 'success.main' : 'grey.500',
              }}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {item.isActive ? 'Live' : 'Inactive'}
            </Typography>
            <Chip
              size="small"
              label={item.isActive ? 'LIVE' : 'OFFLINE'}
              color={item.isActive ? 'success' : 'default'}
              sx={{ fontWeight: 700, height: 22 }}
            />
          </Box>
        </Box>
      </Box>
      {item.description ? (
        <Typography variant="body2" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          {item.description}
        </Typography>
      ) : null}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 0.5,
          color: 'text.secondary',
        }}
      >
        <Typography variant="body2">Created {formatDate(item.createdAt)}</Typography>
        <Typography variant="body2">
          {lastClicked ? `Last clicked ${lastClicked}` : 'Not clicked yet'}
        </Typography>
      </Box>
      {textNote ? (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, color: 'warning.main' }}>
          <WarningAmberIcon fontSize="small" aria-hidden sx={{ mt: '2px' }} />
          <Typography variant="body2" sx={{ color: 'text.primary' }}>
            {textNote}
          </Typography>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          color={item.isActive ? 'secondary' : 'success'}
          startIcon={<PowerSettingsNewIcon />}
          disabled={busy}
          onClick={onToggle}
          sx={{ minHeight: 44 }}
        >
          {item.isActive ? 'Make Inactive' : 'Make Live'}
        </Button>
        {item.url ? (
          <Button
            size="small"
            variant="outlined"
            color="secondary"
            startIcon={<OpenInNewIcon />}
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ minHeight: 44 }}
          >
            View Content
          </Button>
        ) : null}
        {access}
        <Button
          size="small"
          variant="outlined"
          color="secondary"
          startIcon={<EditIcon />}
          onClick={onEdit}
          sx={{ minHeight: 44 }}
        >
          Edit
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          disabled={busy}
          onClick={onDelete}
          sx={{ minHeight: 44 }}
        >
          Delete
        </Button>
      </Box>
    </Paper>
  );
}
