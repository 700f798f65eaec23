-- Its first version put a slot column in the key of safety_monthly_count: a server still running
-- the release before, while the others were replaced one at a time, then failed every count it
-- made (and with it the first reply of each new conversation, and a minor's pause). It does
-- nothing now; 0031 keeps the slots in a table of their own (decision 0072).
SELECT 1;
