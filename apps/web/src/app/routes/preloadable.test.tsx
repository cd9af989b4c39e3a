import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

afterEach(() => vi.restoreAllMocks());

describe('preloadable', () => {
  it('draws the loading state while the code loads, then the component', async () => {
    const errors = vi.spyOn(console, 'error');
    const Lazy = preloadable(async () => Hello);
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading...</p>}>
          <Lazy name="Dana" />
        </Suspense>,
      );
    });
    expect(await screen.findByText('Hello Dana')).toBeInTheDocument();
    // use() in the render that suspended and in the one that finished (React warns otherwise).
    expect(errors).not.toHaveBeenCalled();
  });

  it('once preloaded, draws the component in the first frame, never the loading state', async () => {
    const errors = vi.spyOn(console, 'error');
    const load = vi.fn(async () => Hello);
    const Lazy = preloadable(load);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy name="Dana" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Dana')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    // use() in every render: React has nothing to warn about.
    expect(errors).not.toHaveBeenCalled();
  });

  it('hands a failed download to the error boundary, like React.lazy', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Lazy = preloadable(async (): Promise<typeof Hello> => {
      throw new Error('chunk missing');
    });
    await act(async () => {
      render(
        <Boundary>
          <Suspense fallback={<p>Loading...</p>}>
            <Lazy name="Dana" />
          </Suspense>
        </Boundary>,
      );
    });
    expect(await screen.findByText('failed: chunk missing')).toBeInTheDocument();
  });
});
