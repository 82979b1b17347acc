//! Benchmark fixture: 100 `before_tool_call` hooks of each kind, all
//! abstaining: `sync_N` (plain fns), `async_N` (`async fn`s) and
//! `matched_N` (sync, behind `matcher = "^mcp_.*"`, which a `Bash` call does
//! not match). A benchmark picks the first N of a kind by name.

use tackle::prelude::*;

tackle::plugin! {
    id: "benchhooks",
    description: "Abstaining hooks for benchmarks.",
}

/// One index: a sync, an async and a matched hook, in that order.
macro_rules! hooks {
    ($($n:literal $sync:ident $async_:ident $matched:ident;)*) => {$(
        /// Abstains.
        #[hook(before_tool_call, order = $n)]
        fn $sync(_ev: &BeforeToolCall) {}

        /// Abstains, asynchronously.
        #[hook(before_tool_call, order = $n)]
        async fn $async_(_ev: &BeforeToolCall) {}

        /// Never runs for `Bash`: its matcher does not match.
        #[hook(before_tool_call, order = $n, matcher = "^mcp_.*")]
        fn $matched(_ev: &BeforeToolCall) {}
    )*};
}

hooks! {
    0 sync_0 async_0 matched_0;
    1 sync_1 async_1 matched_1;
    2 sync_2 async_2 matched_2;
    3 sync_3 async_3 matched_3;
    4 sync_4 async_4 matched_4;
    5 sync_5 async_5 matched_5;
    6 sync_6 async_6 matched_6;
    7 sync_7 async_7 matched_7;
    8 sync_8 async_8 matched_8;
    9 sync_9 async_9 matched_9;
    10 sync_10 async_10 matched_10;
    11 sync_11 async_11 matched_11;
    12 sync_12 async_12 matched_12;
    13 sync_13 async_13 matched_13;
    14 sync_14 async_14 matched_14;
    15 sync_15 async_15 matched_15;
    16 sync_16 async_16 matched_16;
    17 sync_17 async_17 matched_17;
    18 sync_18 async_18 matched_18;
    19 sync_19 async_19 matched_19;
    20 sync_20 async_20 matched_20;
    21 sync_21 async_21 matched_21;
    22 sync_22 async_22 matched_22;
    23 sync_23 async_23 matched_23;
    24 sync_24 async_24 matched_24;
    25 sync_25 async_25 matched_25;
    26 sync_26 async_26 matched_26;
    27 sync_27 async_27 matched_27;
    28 sync_28 async_28 matched_28;
    29 sync_29 async_29 matched_29;
    30 sync_30 async_30 matched_30;
    31 sync_31 async_31 matched_31;
    32 sync_32 async_32 matched_32;
    33 sync_33 async_33 matched_33;
    34 sync_34 async_34 matched_34;
    35 sync_35 async_35 matched_35;
    36 sync_36 async_36 matched_36;
    37 sync_37 async_37 matched_37;
    38 sync_38 async_38 matched_38;
    39 sync_39 async_39 matched_39;
    40 sync_40 async_40 matched_40;
    41 sync_41 async_41 matched_41;
    42 sync_42 async_42 matched_42;
    43 sync_43 async_43 matched_43;
    44 sync_44 async_44 matched_44;
    45 sync_45 async_45 matched_45;
    46 sync_46 async_46 matched_46;
    47 sync_47 async_47 matched_47;
    48 sync_48 async_48 matched_48;
    49 sync_49 async_49 matched_49;
    50 sync_50 async_50 matched_50;
    51 sync_51 async_51 matched_51;
    52 sync_52 async_52 matched_52;
    53 sync_53 async_53 matched_53;
    54 sync_54 async_54 matched_54;
    55 sync_55 async_55 matched_55;
    56 sync_56 async_56 matched_56;
    57 sync_57 async_57 matched_57;
    58 sync_58 async_58 matched_58;
    59 sync_59 async_59 matched_59;
    60 sync_60 async_60 matched_60;
    61 sync_61 async_61 matched_61;
    62 sync_62 async_62 matched_62;
    63 sync_63 async_63 matched_63;
    64 sync_64 async_64 matched_64;
    65 sync_65 async_65 matched_65;
    66 sync_66 async_66 matched_66;
    67 sync_67 async_67 matched_67;
    68 sync_68 async_68 matched_68;
    69 sync_69 async_69 matched_69;
    70 sync_70 async_70 matched_70;
    71 sync_71 async_71 matched_71;
    72 sync_72 async_72 matched_72;
    73 sync_73 async_73 matched_73;
    74 sync_74 async_74 matched_74;
    75 sync_75 async_75 matched_75;
    76 sync_76 async_76 matched_76;
    77 sync_77 async_77 matched_77;
    78 sync_78 async_78 matched_78;
    79 sync_79 async_79 matched_79;
    80 sync_80 async_80 matched_80;
    81 sync_81 async_81 matched_81;
    82 sync_82 async_82 matched_82;
    83 sync_83 async_83 matched_83;
    84 sync_84 async_84 matched_84;
    85 sync_85 async_85 matched_85;
    86 sync_86 async_86 matched_86;
    87 sync_87 async_87 matched_87;
    88 sync_88 async_88 matched_88;
    89 sync_89 async_89 matched_89;
    90 sync_90 async_90 matched_90;
    91 sync_91 async_91 matched_91;
    92 sync_92 async_92 matched_92;
    93 sync_93 async_93 matched_93;
    94 sync_94 async_94 matched_94;
    95 sync_95 async_95 matched_95;
    96 sync_96 async_96 matched_96;
    97 sync_97 async_97 matched_97;
    98 sync_98 async_98 matched_98;
    99 sync_99 async_99 matched_99;
}
