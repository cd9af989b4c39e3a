import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../../shared/paths';
import { usePreviewMode } from '../preview-mode-context';

/** 'Preview as User': turns preview mode on and opens the dashboard as a USER sees it. */
export function PreviewAsUserButton() {
  const { enterPreviewMode } = usePreviewMode();
  const navigate = useNavigate();
  return (
    <Button
      variant="outlined"
      startIcon={<VisibilityIcon />}
      onClick={() => {
        enterPreviewMode();
        navigate(paths.home.getHref());
      }}
    >
      Preview as User
    </Button>
  );
}
