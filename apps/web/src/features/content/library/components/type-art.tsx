import type { ContentType } from '@fieldcraft/contracts';
import ArticleIcon from '@mui/icons-material/Article';
import DescriptionIcon from '@mui/icons-material/Description';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import LinkIcon from '@mui/icons-material/Link';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SmartDisplayIcon from '@mui/icons-material/SmartDisplay';
import Box from '@mui/material/Box';

/** Each type's art: an icon on a tile of its own colour, so a list reads at a glance. */
const ART: Record<ContentType, { icon: typeof ArticleIcon; bg: string; label: string }> = {
  VIDEO: { icon: PlayArrowIcon, bg: '#7a3e00', label: 'Video' },
  VIMEO: { icon: SmartDisplayIcon, bg: '#0b4f6c', label: 'Vimeo video' },
  AUDIO: { icon: GraphicEqIcon, bg: '#4a2a7a', label: 'Audio' },
  PDF: { icon: PictureAsPdfIcon, bg: '#a1251b', label: 'PDF' },
  WORD: { icon: DescriptionIcon, bg: '#1f4e9c', label: 'Word document' },
  DOCUMENT: { icon: ArticleIcon, bg: '#3d4a5c', label: 'Document' },
  NEWS: { icon: NewspaperIcon, bg: '#2d5f2e', label: 'News' },
  LINK: { icon: LinkIcon, bg: '#4d4d4d', label: 'Link' },
};

/** The words for a type, as the reader and search results say them. */
export const typeLabel = (type: ContentType) => ART[type].label;

export interface TypeArtProps {
  type: ContentType;
  /** Tile size in px (square), 40 by default. */
  size?: number;
}

/** Decorative: the row or heading beside it names the item and its kind in words. */
export function TypeArt({ type, size = 40 }: TypeArtProps) {
  const { icon: Icon, bg } = ART[type];
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flex: 'none',
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        color: '#fff',
        bgcolor: bg,
        backgroundImage: 'linear-gradient(135deg, rgba(255,255,255,0.18), rgba(0,0,0,0.12))',
      }}
    >
      <Icon sx={{ fontSize: size * 0.55 }} />
    </Box>
  );
}
