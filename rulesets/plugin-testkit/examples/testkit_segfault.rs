//! Ruleset `testkit-segfault`: the 1999 rules, but `judge` dies of SIGSEGV.

use xqr_plugin_testkit::{MisbehavingRuleset, Misbehaviour};

xqr_plugin_sdk::xqr_plugin!(MisbehavingRuleset::misbehaving(
    "testkit-segfault",
    Misbehaviour::Segfault
));
