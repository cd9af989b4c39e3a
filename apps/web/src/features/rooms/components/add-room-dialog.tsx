import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/paths';

// Lazy: the navigation is in the signed-in start chunk, and the form brings the contracts' zod
// schemas, which must stay out of it (in it, zod's chunks load in a cycle and sign-in breaks).
const RoomFormDialog = lazy(() =>
  import('./room-form-dialog').then((m) => ({ default: m.RoomFormDialog })),
);

const labelOnWideScreens = { display: { xs: 'none', md: 'inline' } } as const;
// Matches the main navigation's buttons: icon-only below md.
const navButtonSx = {
  minWidth: 44,
  px: { xs: 1, md: 1.5 },
  '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 }, ml: { xs: 0, md: -0.5 } },
} as const;

/**
 * The main navigation's ADD ROOM button (OWNER): the same 'Create New Room' form as the rooms
 * page, so there is one way to make a room. Created elsewhere, it takes the owner to the rooms
 * page, where the new room shows.
 */
export function AddRoomButton() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <>
      <Button
        color="inherit"
        aria-label="ADD ROOM"
        startIcon={<AddIcon />}
        onClick={() => setOpen(true)}
        sx={navButtonSx}
      >
        <Box component="span" sx={labelOnWideScreens}>
          ADD ROOM
        </Box>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <RoomFormDialog
            open={open}
            onClose={() => setOpen(false)}
            onCreated={() => {
              if (pathname !== paths.rooms.getHref()) navigate(paths.rooms.getHref());
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
