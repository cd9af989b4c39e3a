import type { Components, Theme } from '@mui/material/styles';
import { brandColors } from './palette';
import { phoneQuery } from './typography';

/** Text fields: outlined, full width by default, helper text in the error colour when invalid. */
export const inputsCustomizations: Components<Theme> = {
  MuiTextField: {
    defaultProps: { variant: 'outlined', fullWidth: true },
  },
  MuiOutlinedInput: {
    styleOverrides: {
      root: {
        borderRadius: 10,
        backgroundColor: '#ffffff',
        '&.Mui-focused': { boxShadow: `0 0 0 3px ${brandColors.amber}8c` },
      },
      input: { minHeight: 24 },
    },
  },
  MuiFormHelperText: {
    styleOverrides: {
      // Error messages are essential text: 16 px on phones.
      root: { marginInline: 2, fontSize: '0.85rem', [phoneQuery]: { fontSize: '1rem' } },
    },
  },
  MuiFormControlLabel: {
    // The label row is the tap target of its switch, checkbox or radio: 44 px tall.
    styleOverrides: { root: { minHeight: 44 } },
  },
  MuiInputLabel: {
    styleOverrides: {
      root: ({ theme }) => ({ color: theme.palette.text.secondary }),
    },
  },
};
