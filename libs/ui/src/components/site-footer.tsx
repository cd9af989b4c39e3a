import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export interface SiteFooterProps {
  /** Label of the collapsible section, e.g. 'Legal Stuff'. */
  legalTitle: string;
  sections: LegalSection[];
  /** The copyright line, already composed. */
  copyright: string;
}

/** Page footer: a collapsed legal section and the copyright line. */
export function SiteFooter({ legalTitle, sections, copyright }: SiteFooterProps) {
  const id = useId();
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 2 }}
    >
      <Container maxWidth="lg">
        <Accordion slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            id={`${id}-summary`}
            aria-controls={`${id}-details`}
          >
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {legalTitle}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`${id}-details`}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {sections.map((section) => (
                <Box key={section.title}>
                  <Typography component="h3" variant="h6" sx={{ mb: 0.5 }}>
                    {section.title}
                  </Typography>
                  {section.paragraphs.map((paragraph) => (
                    <Typography key={paragraph} variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                      {paragraph}
                    </Typography>
                  ))}
                </Box>
              ))}
            </Box>
          </AccordionDetails>
        </Accordion>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {copyright}
        </Typography>
      </Container>
    </Box>
  );
}
