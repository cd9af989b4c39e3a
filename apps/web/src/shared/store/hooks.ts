import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './root-reducer';

/** Typed store hooks; lint bans the raw react-redux ones everywhere else. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
