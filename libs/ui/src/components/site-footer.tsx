import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

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

/**
 * Page footer: a collapsed legal section and the copyright line. The section is a plain
 * disclosure (a heading's button with aria-expanded, and the region it controls) rather than
 * MUI's Accordion, whose Collapse and transition code the landing and sign-in pages would
 * otherwise download for this one switch (docs/field-readiness.md, "Budgets").
 */
export function SiteFooter({ legalTitle, sections, copyright }: SiteFooterProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 2 }}
    >
      <Container maxWidth="lg">
        <Typography component="h2" sx={{ m: 0, fontSize: 'inherit' }}>
          <ButtonBase
            id={`${id}-summary`}
            aria-expanded={open}
            aria-controls={`${id}-details`}
            onClick={() => setOpen((was) => !was)}
            sx={{
              width: '100%',
              minHeight: 48,
              justifyContent: 'space-between',
              textAlign: 'start',
              font: 'inherit',
              borderRadius: 1,
            }}
          >
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {legalTitle}
            </Typography>
            <ExpandMoreIcon
              aria-hidden
              sx={{
                color: 'text.secondary',
                transform: open ? 'rotate(180deg)' : 'none',
                transition: (theme) => theme.transitions.create('transform'),
              }}
            />
          </ButtonBase>
        </Typography>
        <Box
          id={`${id}-details`}
          role="region"
          aria-labelledby={`${id}-summary`}
          hidden={!open}
          sx={{ pt: 1, pb: 2 }}
        >
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {sections.map((section) => (
              <Box key={section.title}>
                <Typography component="h3" variant="h6" sx={{ mb: 0.5 }}>
                  {section.title}
                </Typography>
                {section.paragraphs.map((paragraph) => (
                  <Typography
                    key={paragraph}
                    variant="body2"
                    sx={{ color: 'text.secondary', mb: 1 }}
                  >
                    {paragraph}
                  </Typography>
                ))}
              </Box>
            ))}
          </Box>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {copyright}
        </Typography>
      </Container>
    </Box>
  );
}
