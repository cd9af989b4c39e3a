import Link from '@mui/material/Link';

/** First focusable element: jumps over the navigation to the page content. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <Link
      href={`#${targetId}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -100,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'background.paper',
        color: 'secondary.main',
        px: 2,
        py: 1.5,
        borderRadius: 2,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Link>
  );
}
