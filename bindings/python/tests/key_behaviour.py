# SPDX-License-Identifier: Apache-2.0 OR MIT
"""What every key class of the package does as an object, checked the same
way for each scheme: equality (private keys in constant time in C),
hashing, copying, pickling, the representation."""
import copy
import pickle

import pytest


def check_key_objects(key, same, other):
    """key and same: two objects of one private key; other: another key of
    the same class."""
    assert key == same and not (key != same)
    assert key != other
    with pytest.raises(TypeError):
        hash(key)
    with pytest.raises(TypeError, match="cannot pickle"):
        pickle.dumps(key)
    assert copy.copy(key) is key and copy.deepcopy(key) is key
    pub = key.public_key()
    assert pub == same.public_key() and hash(pub) == hash(same.public_key())
    assert len({pub, same.public_key(), other.public_key()}) == 2
    assert pickle.loads(pickle.dumps(pub)) == pub
    assert copy.copy(pub) is pub
    name = type(key).__name__
    assert repr(key) == f"<{name}>"
    assert repr(pub) == f"<{type(pub).__name__}>"
