import { InputAdornment, Stack, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { bookmarkMessages, type SearchScope } from '../../domain/index.js';
import { SearchScopeSwitch } from './SearchScopeSwitch.js';
import { SearchIcon } from './icons.js';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
}

export function SearchBox({ value, onChange, label = 'Search', placeholder }: SearchBoxProps) {
  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      fullWidth
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export interface CategoryFilterProps {
  categories: readonly string[];
  /** '' means all categories. */
  value: string;
  onChange: (category: string) => void;
  label?: string;
}

/** A native select: it behaves the same with a keyboard, a screen reader and a phone. */
export function CategoryFilter({ categories, value, onChange, label = 'Filter by category' }: CategoryFilterProps) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{bookmarkMessages.allCategories}</option>
      {categories.map((category) => (
        <option key={category} value={category}>
          {category}
        </option>
      ))}
    </TextField>
  );
}

export interface FilterPanelProps {
  search: string;
  onSearchChange: (value: string) => void;
  categories: readonly string[];
  category: string;
  onCategoryChange: (category: string) => void;
  /** Where the search looks, when the list offers the choice. */
  scope?: SearchScope;
  onScopeChange?: (scope: SearchScope) => void;
  /** More settings under the filters, such as the tab colour picker on the categories page. */
  children?: ReactNode;
}

/** The side panel of the categories page and the filter drawer of the favourites page. */
export function FilterPanel(props: FilterPanelProps) {
  const { search, onSearchChange, categories, category, onCategoryChange, scope, onScopeChange, children } = props;
  return (
    <Stack spacing={2} component="section" aria-label="Filters">
      <SearchBox value={search} onChange={onSearchChange} />
      {scope && onScopeChange && <SearchScopeSwitch value={scope} onChange={onScopeChange} />}
      <CategoryFilter categories={categories} value={category} onChange={onCategoryChange} />
      {children}
    </Stack>
  );
}
