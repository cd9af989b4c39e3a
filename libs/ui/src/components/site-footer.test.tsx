import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('keeps the legal section collapsed until its button is pressed', async () => {
    const user = userEvent.setup();
    render(
      <SiteFooter
        legalTitle="Legal Stuff"
        copyright="© 2025 Acme. All rights reserved."
        sections={[{ title: 'Call recording', paragraphs: ['Calls may be recorded.'] }]}
      />,
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2025 Acme. All rights reserved.');
    const toggle = screen.getByRole('button', { name: 'Legal Stuff' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Calls may be recorded.')).not.toBeVisible();
    // The button sits in the section's heading, as a disclosure's should.
    expect(screen.getByRole('heading', { level: 2, name: 'Legal Stuff' })).toContainElement(toggle);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Calls may be recorded.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Legal Stuff' })).toHaveAttribute(
      'id',
      toggle.getAttribute('aria-controls'),
    );

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Calls may be recorded.')).not.toBeVisible();
  });
});
