import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { config } from '../../../shared/config';

const contacts = [config.support.website, config.support.construction];

/** The two support contacts and the note about the project, under the sign-in card. */
export function SupportContacts() {
  return (
    <Box
      component="section"
      aria-labelledby="support-heading"
      sx={{ mt: 3, display: 'grid', gap: 2 }}
    >
      <Box>
        <Typography id="support-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
          Need help?
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
          {contacts.map((contact) => (
            <Box
              component="li"
              key={contact.label}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}
            >
              <Typography component="span" sx={{ color: 'text.secondary' }}>
                {contact.label}:
              </Typography>
              <Link
                href={`mailto:${contact.email}`}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  minHeight: 44,
                  overflowWrap: 'anywhere',
                }}
              >
                {contact.email}
              </Link>
            </Box>
          ))}
        </Box>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {config.brandProduct} is a limited-access beta of training content and AI field advisors for
        construction crews. Access and pricing are arranged through support.
      </Typography>
    </Box>
  );
}
