import { CONTRACT_STATUSES } from '@funil/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTRACT_STATUS_CLASSES, ContractStatusBadge } from '@/components/contract-status-badge';

describe('ContractStatusBadge', () => {
  it('names each status in the interface language', () => {
    render(<ContractStatusBadge status="no_juridico" />);
    expect(screen.getByText('No jurídico')).toHaveAttribute('data-status', 'no_juridico');
  });

  it('gives each of the 8 statuses its own colours, for the light and the dark theme', () => {
    const classes = CONTRACT_STATUSES.map((status) => CONTRACT_STATUS_CLASSES[status]);
    expect(new Set(classes).size).toBe(8);
    for (const className of classes) {
      expect(className).toMatch(/(^| )bg-\S+/);
      expect(className).toMatch(/ dark:bg-\S+/);
      expect(className).toMatch(/ dark:text-\S+/);
    }
  });
});
