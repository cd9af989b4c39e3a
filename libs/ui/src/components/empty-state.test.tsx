import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows the title as a heading and the hint below it', () => {
    render(<EmptyState title="No videos available" description="Upload videos to see them here" />);
    expect(screen.getByRole('heading', { name: 'No videos available' })).toBeInTheDocument();
    expect(screen.getByText('Upload videos to see them here')).toBeInTheDocument();
  });
});
